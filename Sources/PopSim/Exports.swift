@_exported import PopSimDynamics
// `import PopSim` brings in every stage of the data flow, as swift-numerics' `Numerics` does for its
// modules: touch streams and estimators (PopSimGestures), springs and rubber bands (PopSimDynamics),
// the frame clock and the Popovers and LNPopupController models (PopSimInteractions), and decision
// problems, sweeps and golden tables (PopSimSweeps). Each is also a product of its own.
@_exported import PopSimGeometry
@_exported import PopSimGestures
@_exported import PopSimInteractions
@_exported import PopSimParameters
@_exported import PopSimSweeps
