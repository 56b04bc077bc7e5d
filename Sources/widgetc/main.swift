print("widgetc")
