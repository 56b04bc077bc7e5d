// Declarations only (include/widgetc_urlsession.h); SwiftPM builds a C target from a source file.
#include "widgetc_urlsession.h"
