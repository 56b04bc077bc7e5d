// WidgetCLI: placeholder until its first real file lands.
