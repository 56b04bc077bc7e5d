#!/usr/bin/env python3
"""Generate the benchmark corpus: realistic widget definitions, about 10% invalid.

Deterministic for a given --seed. Writes OUT/widgets/wNNNNN.yaml and OUT/MANIFEST.tsv
(file, category, invalid kind, whether the file is invalid in *shape*, i.e. the YAML or the
schema layer rejects it, and a note). Standard library only, so any python3 runs it.

YAML 1.1 against 1.2: PyYAML (1.1) reads unquoted `10:30` as 630, `no`/`on` as booleans and
`2026-11-29T09:00:00Z` as a datetime. The emitter below quotes every string that is not a
plain word starting with a letter and never emits the 1.1 boolean words plain, so every peer
(PyYAML, js-yaml, ruamel, libyaml) reads the same data. Keys are never duplicated (PyYAML
silently keeps the last one, the others refuse it).
"""

import argparse
import json
import os
import random
import re

FAMILIES = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
            "accessoryCircular", "accessoryRectangular", "accessoryInline"]
ZONES = ["America/New_York", "America/Los_Angeles", "America/Chicago", "America/Sao_Paulo",
         "Europe/London", "Europe/Paris", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata",
         "Asia/Kathmandu", "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Auckland", "UTC"]
COMPANIES = ["acme", "mygame", "notebuddy", "skyline", "tickr", "fitloop", "railway", "dailyq",
             "brightside", "orbit", "pebble", "harbor"]
ADJ = ["Quick", "Daily", "Live", "Smart", "Tiny", "Big", "Focus", "Glance", "Pocket", "Bright"]
SENTENCES = [
    "Updates through the day so the numbers are never stale.",
    "Shows the latest values from the app without opening it.",
    "Tap to jump straight to the detail screen.",
    "Refreshes on a schedule that respects the reload budget.",
    "Keeps working offline with the last data the app wrote.",
    "Pick what to show in the widget's edit sheet.",
    "Designed for the lock screen and the home screen alike.",
    "Health recovers 25% an hour.",
    "Counts down to the next moment that matters.",
]
YAML11_WORDS = {"yes", "no", "on", "off", "y", "n", "true", "false", "null", "~"}
PLAIN_SAFE = re.compile(r"^[A-Za-z][A-Za-z0-9 _./()%'!?-]*[A-Za-z0-9)%.!?]$|^[A-Za-z]$")
# Durations and relative instants read as strings in YAML 1.1 and 1.2 alike: written plain.
PLAIN_DURATION = re.compile(r"^\+?([0-9]+[dhms])+$|^\+P[0-9DTHMS]+$")

# Themes: data sources (name -> (file, fields, is_array)), rules that fit, content field names.
THEMES = {
    "weather": dict(sources={"weather": ("weather.json", ["temp", "high", "low", "condition", "city", "updated"], False)},
                    rules=["every", "hourly", "daily", "cron"], words=["Weather", "Forecast", "Sky"]),
    "stocks": dict(sources={"quote": ("quote.json", ["symbol", "price", "change", "percent"], False),
                            "watchlist": ("watchlist.json", ["symbol", "price"], True)},
                   rules=["market", "every", "cron", "sequence"], words=["Ticker", "Stocks", "Market"]),
    "game": dict(sources={"character": ("character.json", ["name", "health", "level", "updated"], False),
                          "dragon": ("dragon.yaml", ["name", "at", "lair"], False)},
                 rules=["progress", "every", "once"], words=["Character", "Quest", "Hero"]),
    "calendar": dict(sources={"agenda": ("agenda.json", ["title", "start", "location"], True)},
                     rules=["sequence", "daily", "cron", "every"], words=["Agenda", "Up Next", "Calendar"]),
    "fitness": dict(sources={"activity": ("activity.json", ["steps", "goal", "calories", "updated"], False)},
                    rules=["progress", "every", "hourly", "daily"], words=["Steps", "Move", "Activity"]),
    "transit": dict(sources={"departures": ("departures.json", ["line", "destination", "minutes"], True),
                             "station": ("station.json", ["name", "platform"], False)},
                    rules=["sequence", "every", "cron"], words=["Departures", "Transit", "Next Train"]),
    "news": dict(sources={"headlines": ("news/headlines.json", ["title", "source", "url"], True)},
                 rules=["sequence", "hourly", "every", "daily"], words=["Headlines", "News", "Brief"]),
    "habit": dict(sources={"streak": ("streak.yaml", ["days", "best", "lastDone"], False)},
                  rules=["daily", "once", "cron"], words=["Streak", "Habit", "Routine"]),
    "crypto": dict(sources={"prices": ("prices.json", ["btc", "eth", "updated"], False)},
                   rules=["every", "cron", "market"], words=["Crypto", "Coins", "Prices"]),
    "countdown": dict(sources={"event": ("event.json", ["title", "at", "place"], False)},
                      rules=["every", "once", "hourly"], words=["Countdown", "Days Left", "Launch"]),
    "tasks": dict(sources={"tasks": ("tasks.json", ["title", "due", "done"], True),
                           "summary": ("summary.json", ["open", "overdue"], False)},
                  rules=["sequence", "daily", "every"], words=["Tasks", "To Do", "Today"]),
}

CONTENT_NAMES = ["title", "subtitle", "value", "detail", "footer", "badge", "icon", "accent",
                 "progressLabel", "updated", "caption", "gauge", "tint", "symbol", "headline", "trend",
                 "secondary", "status", "label", "accessibilityLabel", "background", "emphasis"]
RULE_VARS = {"daily": ["slot.name"], "progress": ["progress"], "sequence": ["index"],
             "market": ["market.state", "market.open", "market.close", "market.exchange"]}
ENTRY_VARS = ["entry.time", "entry.day", "entry.weekday", "entry.date", "entry.index", "family"]
CRONS = ["*/15 * * * *", "0 9 * * MON-FRI", "30 8,12,18 * * *", "0 */2 * * *", "0 0 1 * *",
         "15 7 * * 1-5", "0 12 * JAN,JUL *", "0 6 1,15 * *", "*/30 9-17 * * 1-5", "5 4 * * SUN"]
BAD_CRONS = ["0 0 30 2 *", "61 * * * *", "0 25 * * *", "0 9 * * FUNDAY", "*/0 * * * *", "0 0 31 4,6,9,11 *"]
DIVIDING = ["5m", "10m", "15m", "20m", "30m", "1h", "2h", "3h", "4h", "6h", "PT15M", "1h30m", "PT2H"]
SPACING = ["5m", "15m", "30m", "45m", "1h", "90m", "2h", "PT20M"]


def scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        s = repr(v)
        return s if "." in s else s + ".0"
    if (PLAIN_SAFE.match(v) and v.lower() not in YAML11_WORDS) or PLAIN_DURATION.match(v):
        return v
    return json.dumps(v, ensure_ascii=False)


def flow(v):
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k}: {flow(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    return scalar(v)


def is_small(v):
    if isinstance(v, dict):
        return len(v) <= 3 and all(not isinstance(x, (dict, list)) for x in v.values())
    if isinstance(v, list):
        return all(not isinstance(x, (dict, list)) for x in v)
    return True


def emit(v, indent, out, flows):
    """Block style, with small collections in flow style where `flows` says so."""
    pad = " " * indent
    for k, x in v.items():
        if isinstance(x, dict) and x and not (is_small(x) and k in flows):
            out.append(f"{pad}{k}:")
            emit(x, indent + 2, out, flows)
        elif isinstance(x, list) and x and not is_small(x):
            out.append(f"{pad}{k}:")
            for item in x:
                if isinstance(item, dict):
                    sub = []
                    emit(item, indent + 4, sub, flows)
                    sub[0] = pad + "  - " + sub[0].lstrip()
                    out.extend(sub)
                else:
                    out.append(f"{pad}  - {flow(item)}")
        elif isinstance(x, (dict, list)):
            out.append(f"{pad}{k}: {flow(x)}")
        else:
            out.append(f"{pad}{k}: {scalar(x)}")


HEADERS = [
    ["The widget's whole day comes from the rule below; the app reloads it when its data changes."],
    ["Shown on the home screen and the lock screen.", "Content fields are merged per family."],
    ["Generated for the widgetc benchmark: a realistic definition, not a shipped widget."],
]
SECTION_COMMENTS = {"content": "# each entry's fields", "timeline": "# exactly one rule, then options",
                    "data": "# files in the app group container", "parameters": "# edited in the widget's sheet"}


def to_yaml(doc, rng):
    # Which keys get flow style: a realistic mix, decided per file.
    flows = {k for k in ["file", "weather", "quote", "watchlist", "character", "dragon", "agenda", "activity",
                         "departures", "station", "headlines", "streak", "prices", "event", "tasks",
                         "summary", "market", "policy", "placeholder", "snapshot", "systemSmall",
                         "accessoryInline", "sequence"] if rng.random() < 0.6}
    out = []
    if rng.random() < 0.7:
        out.append("# yaml-language-server: $schema=../schemas/widget.schema.json")
        if rng.random() < 0.5:
            out.append("#")
            out.extend("# " + line for line in rng.choice(HEADERS))
    spaced = rng.random() < 0.6      # a blank line between sections, as people write them
    commented = rng.random() < 0.3
    for key, value in doc.items():
        part = []
        emit({key: value}, 0, part, flows)
        if spaced and key in ("parameters", "data", "placeholder", "content", "url", "timeline") and out:
            out.append("")
        if commented and key in SECTION_COMMENTS:
            if len(part) > 1:
                part[0] += "  " + SECTION_COMMENTS[key]
            else:
                out.append(SECTION_COMMENTS[key])
        out.extend(part)
    return "\n".join(out) + "\n"


class Builder:
    def __init__(self, rng, index):
        self.rng = rng
        self.index = index

    def pick(self, seq):
        return self.rng.choice(seq)

    def widget(self):
        r = self.rng
        theme_name = self.pick(sorted(THEMES))
        theme = THEMES[theme_name]
        rule = self.pick(theme["rules"])
        word = self.pick(theme["words"])
        doc = {}
        doc["kind"] = f"com.{self.pick(COMPANIES)}.{theme_name}-{word.lower().replace(' ', '-')}-{self.index:05d}"
        doc["displayName"] = f"{self.pick(ADJ)} {word}"
        doc["description"] = " ".join(r.sample(SENTENCES, r.randint(1, 3)))
        fams = sorted(r.sample(FAMILIES, r.randint(1, 4)), key=FAMILIES.index)
        if r.random() < 0.85:
            doc["families"] = fams
        else:
            fams = ["systemSmall", "systemMedium", "systemLarge"]
        if r.random() < 0.7:
            doc["timeZone"] = self.pick(ZONES)

        params = self.parameters(theme_name)
        if params:
            doc["parameters"] = params
        sources = dict(theme["sources"])
        if rule == "sequence" and not any(s[2] for s in sources.values()):
            rule = "every"
        doc["data"] = {name: {"file": f} for name, (f, _, _) in sources.items()}

        vars_ = self.variables(sources, params, rule)
        content = self.content(vars_, r.randint(5, 12))
        if r.random() < 0.6:
            doc["placeholder"] = {k: self.placeholder_value(v) for k, v in list(content.items())[:r.randint(2, 5)]}
        if r.random() < 0.4:
            doc["snapshot"] = {k: self.placeholder_value(v) for k, v in list(content.items())[:r.randint(2, 4)]}
        doc["content"] = content
        if r.random() < 0.6:
            fc = {}
            for fam in r.sample(fams, min(len(fams), r.randint(1, 3))):
                fc[fam] = self.content(vars_, r.randint(1, 4), keys=list(content))
            doc["familyContent"] = fc
        if r.random() < 0.6:
            first = next(iter(sources))
            doc["url"] = f"{doc['kind'].split('.')[1]}://{theme_name}/{{{{data.{first}.{sources[first][1][0]}}}}}"
        doc["timeline"] = self.timeline(rule, sources, params, vars_)
        self.vars = vars_
        return doc, theme_name, rule

    def grow(self, doc):
        """Add one more content field; False when there is no room left."""
        free = [n for n in CONTENT_NAMES if n not in doc["content"]]
        if not free:
            return False
        doc["content"][self.pick(free)] = "{{%s}} · {{%s}}" % (self.pick(self.vars), self.pick(self.vars))
        return True

    def parameters(self, theme):
        r = self.rng
        pool = ["interval", "style", "showDetails", "city", "threshold", "refresh", "count"]
        out = {}
        for name in r.sample(pool, r.randint(0, 5)):
            if name == "interval":
                out[name] = {"type": "integer", "title": "Interval (minutes)",
                             "description": "How often the widget moves to its next entry.", "min": 5, "max": 120,
                             "default": self.pick([15, 30, 60])}
            elif name == "style":
                vals = r.sample(["compact", "detailed", "minimal", "bold", "classic"], r.randint(2, 4))
                out[name] = {"type": "enum", "title": "Style", "values": vals, "default": vals[0]}
            elif name == "showDetails":
                out[name] = {"type": "boolean", "title": "Show details", "default": r.random() < 0.5}
            elif name == "city":
                out[name] = {"type": "string", "title": "City", "description": "Shown in the title.",
                             "default": self.pick(["Paris", "New York", "Tokyo", "Lagos", "Lima"])}
            elif name == "threshold":
                out[name] = {"type": "number", "title": "Alert threshold",
                             "description": "Highlight values above this.", "min": 0.5, "max": 99.5,
                             "default": self.pick([10.5, 25.0, 50.25])}
            elif name == "refresh":
                out[name] = {"type": "duration", "title": "Refresh", "min": "5m", "max": "6h",
                             "default": self.pick(["15m", "30m", "1h"])}
            elif name == "count":
                out[name] = {"type": "integer", "title": "Entries", "min": 1, "max": 500, "default": 100}
        return out

    def variables(self, sources, params, rule):
        v = list(ENTRY_VARS)
        v += [f"param.{p}" for p in params]
        for name, (_, fields, is_array) in sources.items():
            if not is_array:
                v += [f"data.{name}.{f}" for f in fields]
        v += RULE_VARS.get(rule, [])
        if rule == "sequence":
            arr = next(s for s in sources.values() if s[2])
            v += [f"record.{f}" for f in arr[1]]
        return v

    def content(self, vars_, n, keys=None):
        r = self.rng
        names = CONTENT_NAMES
        out = {}
        for key in (r.sample(keys, min(n, len(keys))) if keys else r.sample(names, n)):
            roll = r.random()
            if roll < 0.35:
                out[key] = "{{" + self.pick(vars_) + "}}"
            elif roll < 0.7:
                a, b = self.pick(vars_), self.pick(vars_)
                form = self.pick(["{{%s}} · {{%s}}", "{{%s}}: {{%s}}", "Now {{%s}} ({{%s}})", "section"])
                if form == "section":  # Mustache section: b shown only when a is truthy
                    out[key] = "{{#%s}}{{%s}}{{/%s}}" % (a, b, a)
                else:
                    out[key] = form % (a, b)
            elif roll < 0.8:
                out[key] = self.pick(["sun.max.fill", "chart.line.uptrend.xyaxis", "heart.fill", "tram.fill",
                                      "Updated just now", "#FF9500", "—", "°C"])
            elif roll < 0.88:
                out[key] = self.pick([0, 1, 42, -3, 100, 12.5, 0.75])
            elif roll < 0.95:
                out[key] = self.pick([True, False])
            else:
                out[key] = None
        return out

    def placeholder_value(self, v):
        if isinstance(v, str) and "{{" in v:
            return self.pick(["—", "Loading", 0, ""])
        return v

    def duration_param(self, params, fallback):
        for name, p in params.items():
            if p["type"] == "duration" and self.rng.random() < 0.5:
                return "{{param.%s}}" % name, True
            if name == "interval" and self.rng.random() < 0.5:
                return "{{param.interval}}m", True
        return fallback, False

    def timeline(self, rule, sources, params, vars_):
        r = self.rng
        t = {}
        scalars = [n for n, s in sources.items() if not s[2]]
        arrays = [n for n, s in sources.items() if s[2]]
        if rule == "every":
            d, templ = self.duration_param(params, self.pick(DIVIDING))
            if templ or r.random() < 0.2:
                t["every"] = d if templ else self.pick(SPACING)
                t["align"] = False
            else:
                t["every"] = d
                if r.random() < 0.2:
                    t["align"] = True
        elif rule == "hourly":
            t["hourly"] = True
        elif rule == "once":
            t["once"] = True
        elif rule == "cron":
            t["cron"] = self.pick(CRONS)
        elif rule == "daily":
            times = sorted(r.sample(["06:30", "07:00", "08:00", "09:15", "12:00", "13:30", "17:45",
                                     "18:00", "20:00", "22:30"], r.randint(1, 4)))
            slots = []
            for at in times:
                s = {"at": at, "name": self.pick(["morning", "noon", "afternoon", "evening", "night", "Early"]) + at[:2]}
                if r.random() < 0.6:
                    s["content"] = self.content(vars_, r.randint(1, 2))
                slots.append(s)
            t["daily"] = slots
        elif rule == "market":
            t["market"] = {"exchange": self.pick(["XNYS", "XNAS"]), "every": self.pick(["5m", "15m", "30m", "1h"])}
        elif rule == "progress":
            src = scalars[0]
            fields = sources[src][1]
            num = next((f for f in fields if f in ("health", "steps", "days")), fields[0])
            since = "{{data.%s.updated}}" % src if "updated" in fields else "2026-11-29T09:00:00Z"
            t["progress"] = {"value": "{{data.%s.%s}}" % (src, num), "since": since,
                             "by": self.pick([1, 5, 25, 250, 0.5]), "every": self.pick(["1h", "30m", "15m", "PT1H"]),
                             "to": self.pick([100, 1000, 10000])}
        elif rule == "sequence":
            d, _ = self.duration_param(params, self.pick(["15m", "30m", "1h", "2h"]))
            t["sequence"] = {"items": arrays[0], "every": d}
        if r.random() < 0.4:
            t["horizon"] = self.pick(["6h", "12h", "24h", "2d", "PT12H", "1d12h"])
        if r.random() < 0.3:
            t["maxEntries"] = "{{param.count}}" if "count" in params and r.random() < 0.5 else self.pick([24, 50, 96, 200, 500])
        if r.random() < 0.25:
            t["policy"] = self.pick(["atEnd", "never", {"after": "2h"}, {"after": "PT30M"},
                                     {"after": "2026-12-01T09:00:00Z"}, {"after": "2026-12-01T09:00:00+05:45"}])
        if r.random() < 0.25:
            ev = []
            for _ in range(r.randint(1, 2)):
                choice = r.random()
                timed = [(n, f) for n in scalars for f in sources[n][1] if f in ("at", "updated", "lastDone")]
                if choice < 0.4 and timed:
                    ev.append({"at": "{{data.%s.%s}}" % self.pick(timed)})
                elif choice < 0.7:
                    ev.append({"at": self.pick(["+2h", "+30m", "+1d", "+PT6H"])})
                else:
                    ev.append({"at": self.pick(["2026-11-29T18:00:00Z", "2026-12-24T20:00:00-05:00"])})
            t["events"] = ev
        return t


# --- invalid variants ---------------------------------------------------------------------

def shape_error(doc, rng, theme, rule):
    """Mutate the document so the schema rejects it. Returns (kind, note)."""
    choices = ["unknown-key-top", "unknown-key-nested", "unknown-key-param", "wrong-type-displayName",
               "wrong-type-families", "wrong-type-maxEntries", "wrong-type-content", "wrong-type-param-default",
               "missing-required-top", "missing-required-data-file", "bad-enum-family", "bad-enum-param-type",
               "bad-enum-policy", "bad-pattern-kind", "bad-pattern-duration"]
    kind = rng.choice(choices)
    if kind == "unknown-key-top":
        doc["timline"] = doc.pop("timeline")
        return kind, "timeline spelled timline"
    if kind == "unknown-key-nested":
        doc["timeline"]["horizn"] = "12h"
        return kind, "timeline.horizn"
    if kind == "unknown-key-param":
        params = doc.setdefault("parameters", {})
        params["accent"] = {"type": "string", "titel": "Accent"}
        return kind, "parameters.accent.titel"
    if kind == "wrong-type-displayName":
        doc["displayName"] = 42
        return kind, "displayName is an integer"
    if kind == "wrong-type-families":
        doc["families"] = "systemSmall"
        return kind, "families is a string"
    if kind == "wrong-type-maxEntries":
        doc["timeline"]["maxEntries"] = "lots"
        return kind, "maxEntries is a non-template string"
    if kind == "wrong-type-content":
        doc["content"]["lines"] = ["one", "two"]
        return kind, "content field is a list"
    if kind == "wrong-type-param-default":
        doc.setdefault("parameters", {})["limit"] = {"type": "integer", "title": "Limit", "default": "ten"}
        return kind, "integer parameter default is a string"
    if kind == "missing-required-top":
        key = rng.choice(["description", "displayName", "content", "kind"])
        del doc[key]
        return kind, f"{key} missing"
    if kind == "missing-required-data-file":
        name = next(iter(doc["data"]))
        doc["data"][name] = {"path": doc["data"][name]["file"]}
        return kind, f"data.{name} has path instead of file"
    if kind == "bad-enum-family":
        doc["families"] = ["systemSmall", "systemHuge"]
        return kind, "families has systemHuge"
    if kind == "bad-enum-param-type":
        doc.setdefault("parameters", {})["ratio"] = {"type": "float", "title": "Ratio", "default": 0.5}
        return kind, "parameter type float"
    if kind == "bad-enum-policy":
        doc["timeline"]["policy"] = "sometimes"
        return kind, "policy sometimes"
    if kind == "bad-pattern-kind":
        doc["kind"] = "my widget #" + doc["kind"][-5:]
        return kind, "kind with spaces"
    if kind == "bad-pattern-duration":
        doc["timeline"]["horizon"] = "1 day"
        return kind, "horizon 1 day"
    raise AssertionError(kind)


def semantic_error(doc, rng, theme, rule):
    """Mutate so the shape stays valid but widgetc's semantic layer must refuse it."""
    choices = ["default-above-max", "min-above-max", "bad-cron", "unknown-time-zone",
               "unknown-template-param", "unknown-template-data", "foreign-rule-variable",
               "two-rules", "enum-default-not-in-values"]
    kind = rng.choice(choices)
    params = doc.setdefault("parameters", {})
    if kind == "default-above-max":
        params["interval"] = {"type": "integer", "title": "Interval (minutes)", "min": 5, "max": 120, "default": 200}
        return kind, "default 200 above max 120"
    if kind == "min-above-max":
        params["threshold"] = {"type": "number", "title": "Threshold", "min": 80.5, "max": 10.5, "default": 50.0}
        return kind, "min 80.5 above max 10.5"
    if kind == "bad-cron":
        t = doc["timeline"]
        for r in ["every", "align", "hourly", "daily", "cron", "market", "progress", "sequence", "once"]:
            t.pop(r, None)
        t["cron"] = rng.choice(BAD_CRONS)
        return kind, "cron " + t["cron"]
    if kind == "unknown-time-zone":
        doc["timeZone"] = rng.choice(["America/Atlantis", "Europe/Springfield", "Mars/Olympus_Mons"])
        return kind, doc["timeZone"]
    if kind == "unknown-template-param":
        doc["content"]["extra"] = "{{param.colour}}"
        params.pop("colour", None)
        return kind, "{{param.colour}}"
    if kind == "unknown-template-data":
        doc["content"]["extra"] = "Now {{data.nosuch.value}}"
        return kind, "{{data.nosuch.value}}"
    if kind == "foreign-rule-variable":
        var = "record.title" if rule != "sequence" else "progress"
        doc["content"]["extra"] = "{{%s}}" % var
        return kind, f"{{{{{var}}}}} with rule {rule}"
    if kind == "two-rules":
        t = doc["timeline"]
        if "hourly" in t:
            t["cron"] = "0 9 * * *"
        else:
            t["hourly"] = True
        return kind, "two timeline rules"
    if kind == "enum-default-not-in-values":
        params["style"] = {"type": "enum", "title": "Style", "values": ["compact", "detailed"], "default": "huge"}
        return kind, "enum default huge not in values"
    raise AssertionError(kind)


def yaml_error(text, rng):
    """Break the YAML syntax in a way every YAML parser refuses."""
    lines = text.split("\n")
    kind = rng.choice(["unclosed-quote", "tab-indent", "unclosed-flow", "mapping-in-plain", "undefined-alias",
                       "bad-dedent"])

    def find(prefix):
        return next(i for i, l in enumerate(lines) if l.startswith(prefix))

    if kind == "unclosed-quote":
        i = find("displayName:")
        lines[i] = 'displayName: "' + lines[i].split(": ", 1)[1].strip('"')
    elif kind == "tab-indent":
        i = find("content:") + 1
        lines[i] = "\t" + lines[i].lstrip(" ")
    elif kind == "unclosed-flow":
        lines.insert(find("kind:") + 1, "families: [systemSmall, systemMedium")
        lines = [l for j, l in enumerate(lines) if not (l.startswith("families:") and j != find("kind:") + 1)]
    elif kind == "mapping-in-plain":
        i = find("description:")
        lines[i] = "description: Health: 25% an hour"
    elif kind == "undefined-alias":
        lines.insert(find("kind:") + 1, "url: *link")
        lines = [l for j, l in enumerate(lines) if not (l.startswith("url:") and l != "url: *link")]
    elif kind == "bad-dedent":
        # A key indented deeper than the keys after it (3 spaces, then 2): no parser can nest that.
        lines.insert(find("timeline:") + 1, "   horizon: 12h")
    return "\n".join(lines), kind


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="corpus directory (widgets/ and MANIFEST.tsv go there)")
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--invalid", type=float, default=0.10, help="fraction of invalid files")
    a = ap.parse_args()

    rng = random.Random(a.seed)
    wdir = os.path.join(a.out, "widgets")
    os.makedirs(wdir, exist_ok=True)
    for old in os.listdir(wdir):
        if old.endswith(".yaml"):
            os.remove(os.path.join(wdir, old))
    rows = ["file\tcategory\tkind\tshape_invalid\ttheme\trule\tnote"]
    sizes = []
    for i in range(1, a.count + 1):
        builder = Builder(rng, i)
        doc, theme, rule = builder.widget()
        # Realistic files are 1 to 3 KB: grow the short ones (the emitter's choices are re-drawn).
        floor = rng.randint(1000, 1400)
        while len(to_yaml(doc, random.Random(i)).encode()) < floor and builder.grow(doc):
            pass
        category, kind, note = "valid", "-", ""
        roll = rng.random()
        if roll < a.invalid:
            sub = rng.random()
            if sub < 0.3:
                category = "yaml"
            elif sub < 0.65:
                category = "shape"
                kind, note = shape_error(doc, rng, theme, rule)
            else:
                category = "semantic"
                kind, note = semantic_error(doc, rng, theme, rule)
        text = to_yaml(doc, rng)
        if category == "yaml":
            text, kind = yaml_error(text, rng)
        name = f"w{i:05d}.yaml"
        with open(os.path.join(wdir, name), "w", encoding="utf-8") as f:
            f.write(text)
        sizes.append(len(text.encode()))
        shape_invalid = "yes" if category in ("yaml", "shape") else "no"
        rows.append("\t".join([name, category, kind, shape_invalid, theme, rule, note.replace("\t", " ")]))
    with open(os.path.join(a.out, "MANIFEST.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    sizes.sort()
    cats = {}
    for row in rows[1:]:
        c = row.split("\t")[1]
        cats[c] = cats.get(c, 0) + 1
    print(f"corpus: {a.count} files in {wdir}, {sum(sizes)/1e6:.1f} MB, size min/median/max "
          f"{sizes[0]}/{sizes[len(sizes)//2]}/{sizes[-1]} bytes; " +
          ", ".join(f"{k} {v}" for k, v in sorted(cats.items())))


if __name__ == "__main__":
    main()
