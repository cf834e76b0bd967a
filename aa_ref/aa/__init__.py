"""The Axis & Allies rules engine, shared by the 1941, Anniversary and Global editions."""
