/// The library entry point behind `popsim simulate sheet`: runs a touch stream through ``SheetModel`` on
/// the ``FrameClock``. The outcome is where the sheet ended or is heading (``SheetModel/outcome``); the
/// decision adds, with a scroll view, what the fingers moved (``SheetModel/decision``).
public typealias SheetSimulation = Simulation<SheetModel>

extension SheetModel: SimulatedModel {}
