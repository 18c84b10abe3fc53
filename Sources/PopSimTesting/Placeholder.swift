import PopSim
