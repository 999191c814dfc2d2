# The presets, sizes as the catalog has them (411.43, not 411.4), so one typed into --screen is the same screen.
devices
