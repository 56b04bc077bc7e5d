import WidgetCLI

WidgetCLI.runProcess()
