/// The library entry point behind `popsim simulate popup`: runs a touch stream through ``PopupModel``
/// on the ``FrameClock``. The outcome is the state at the end: the public state once everything has
/// settled, or the state a running animation or scheduled snap open is heading to when a duration cut
/// the run short (``PopupModel/outcome``).
public typealias PopupSimulation = Simulation<PopupModel>

extension PopupModel: SimulatedModel {}
