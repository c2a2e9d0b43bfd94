"""Board widgets: one per element of the Puerto Rico table, all fed a BoardContext."""
