#!/usr/bin/env python3
"""Generate the corpus of `bench/run`: valid widget definitions, every runnable rule.

Deterministic for a given --seed. Writes OUT/wNNNN.yaml (one widget each), OUT/container/*.json
(the data files they read) and OUT/MANIFEST.tsv (file, kind, rule, zone, theme). Standard library
only.

Rules, in fixed proportions: every (aligned), every (align: false), hourly, daily slots, cron
(several expressions), progress, sequence (array data files in the container) and once.
`market` is left out: this version of widgetc validates it but its run only shows the placeholder
with an `unsupported-rule` warning, so it would time nothing.

The rule is part of each kind (`com.bench.<theme>.<rule>.wNNNN`), so a run's output can be split
by rule without reading the definitions again. The container holds JSON only: `widgetc run DIR`
searches DIR recursively for `*.yaml`/`*.yml`, and the data files must not be taken for widgets.
"""

import argparse
import json
import os
import random

ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"]
FAMILIES = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
            "accessoryCircular", "accessoryRectangular", "accessoryInline"]

# (rule, share of the corpus)
RULES = [("every", 0.14), ("every-unaligned", 0.10), ("hourly", 0.14), ("daily", 0.14),
         ("cron", 0.16), ("progress", 0.10), ("sequence", 0.12), ("once", 0.10)]

# Cron expressions with a horizon that holds at least one firing, as a developer would set it.
CRONS = [
    ("*/15 * * * *", "24h"), ("*/30 7-22 * * *", "24h"), ("0 * * * *", "24h"),
    ("0 7,12,18 * * MON-FRI", "3d"), ("30 6 * * 1-5", "3d"), ("0 */2 * * *", "24h"),
    ("15 8,20 * * *", "24h"), ("0 9-17 * * 1-5", "3d"), ("*/20 6-23 * * *", "24h"),
    ("0 12 1,15 * *", "18d"), ("45 23 * * FRI", "8d"), ("0 6 * JAN-MAR,OCT-DEC *", "24h"),
    ("0 8 1-7 * MON", "8d"), ("0 */4 * * *", "24h"), ("0 0 * * *", "2d"), ("5 4 * * SUN", "8d"),
    ("30 2 * * *", "2d"), ("0,30 9-16 * * MON-FRI", "3d"), ("10 */3 * * SAT,SUN", "6d"),
    ("0 0 1 * *", "32d"),
]
ALIGNED = ["5m", "10m", "15m", "20m", "30m", "1h", "2h", "3h", "4h", "6h"]
UNALIGNED = ["7m", "25m", "45m", "90m", "2h30m", "5h"]
SEQ_EVERY = ["5m", "10m", "15m", "30m", "1h", "2h"]
# Daily slot wall times and names; 02:30 falls in the spring-forward gap of New York and Berlin.
SLOTS = {"02:30": "night", "06:00": "early", "07:30": "morning", "08:00": "breakfast", "12:00": "noon",
         "13:00": "lunch", "17:30": "evening", "19:30": "dinner", "22:00": "late"}

CITIES = ["Brooklyn", "Berlin", "Kathmandu", "Lord Howe Island", "Reykjavik", "Lisbon", "Osaka",
          "Cape Town", "Montreal", "Valparaiso"]
CONDITIONS = [("Light Rain", "cloud.rain"), ("Sunny", "sun.max.fill"), ("Cloudy", "cloud"),
              ("Snow", "cloud.snow"), ("Thunderstorms", "cloud.bolt.rain"), ("Fog", "cloud.fog")]
WORDS = ["Quick", "Daily", "Live", "Smart", "Tiny", "Focus", "Glance", "Pocket", "Bright", "Calm"]
TITLES = ["Standup", "Design review", "Lunch with Sam", "Dentist", "Soccer practice",
          "Call Grandma", "Flight to Lisbon", "Yoga", "Team retro", "Pick up groceries"]
HEADLINES = ["Storm brings gales to the west coast", "Rail fares to rise 3.1% in March",
             "Christmas markets open in twelve cities", "New bridge opens to cyclists",
             "Local team wins the cup after extra time", "Museum reopens its Roman wing",
             "Heat pump sales double in a year", "City council approves the night bus plan"]
QUOTES = [("Simplicity is prerequisite for reliability.", "Edsger Dijkstra"),
          ("Make it work, make it right, make it fast.", "Kent Beck"),
          ("The best way to predict the future is to invent it.", "Alan Kay"),
          ("Programs must be written for people to read.", "Harold Abelson"),
          ("Premature optimization is the root of all evil.", "Donald Knuth"),
          ("Talk is cheap. Show me the code.", "Linus Torvalds")]
TIPS = ["Swipe left on a note to archive it.", "Touch and hold the icon for quick actions.",
        "Star a note to pin it to the top.", "Pull down anywhere to search.",
        "Drag a note onto another to link them.", "Shake to undo the last edit."]
LINES = ["A", "C", "E", "Q", "7", "S1", "U2", "RE1"]
DESTINATIONS = ["Airport", "Downtown", "Harbour", "University", "Old Town", "Stadium"]


def q(s):
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(s, ensure_ascii=False)


def scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return repr(v)
    return q(v)


def flow(m):
    return "{ " + ", ".join(f"{k}: {scalar(v)}" for k, v in m.items()) + " }"


def iso(rng, year=2026, month=None, hour=None):
    month = month or rng.randint(1, 12)
    day = rng.randint(1, 28)
    hour = rng.randint(0, 23) if hour is None else hour
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{rng.choice([0, 15, 30, 45]):02d}:00Z"


# --- container data ---------------------------------------------------------------------------------

VARIANTS = 8  # data files per theme: widgets of a theme share them


def container_files(rng):
    files = {}
    for i in range(VARIANTS):
        c, s = CONDITIONS[i % len(CONDITIONS)]
        t = rng.randint(-5, 30)
        files[f"weather-{i}.json"] = {
            "location": CITIES[i], "locationID": f"loc-{i}", "temp": t, "feelsLike": t - 2,
            "high": t + 4, "low": t - 5, "condition": c, "symbol": s, "precipitationChance": rng.randint(0, 100),
            "next": [{"time": f"{h:02d}:00", "temp": t + rng.randint(-2, 3)} for h in range(10, 14)]}
        files[f"calendar-{i}.json"] = {
            "next": {"id": f"E{i:03d}", "title": TITLES[i], "startTime": f"{9 + i:02d}:00",
                     "endTime": f"{9 + i:02d}:45", "location": CITIES[(i + 3) % len(CITIES)]},
            "later": [{"title": TITLES[(i + k) % len(TITLES)], "startTime": f"{13 + k:02d}:30"} for k in range(1, 4)]}
        files[f"fitness-{i}.json"] = {
            "steps": rng.randint(0, 6000), "goal": 10000, "calories": rng.randint(100, 900),
            "streak": rng.randint(0, 40), "updated": iso(rng, 2025, 12, 23)}
        files[f"game-{i}.json"] = {
            "name": ["Power Panda", "Egghead", "Spouty", "Moss Knight"][i % 4], "level": rng.randint(1, 60),
            "health": rng.choice([0, 10, 25, 40]), "energy": rng.randint(0, 20),
            "updated": iso(rng, 2025, 12, 23)}
        files[f"news-{i}.json"] = {
            "top": {"id": f"a-{10400 + i}", "title": HEADLINES[i], "source": "The Daily"},
            "headlines": [{"title": HEADLINES[(i + k) % len(HEADLINES)], "source": "Wire"} for k in range(4)]}
        files[f"transit-{i}.json"] = {
            "station": {"name": f"{CITIES[i]} Central", "platform": rng.randint(1, 12)},
            "departures": [{"line": LINES[(i + k) % len(LINES)], "destination": DESTINATIONS[(i + k) % len(DESTINATIONS)],
                            "minutes": 3 + 7 * k} for k in range(3)]}
        files[f"quotes-{i}.json"] = [{"text": QUOTES[(i + k) % len(QUOTES)][0], "author": QUOTES[(i + k) % len(QUOTES)][1]}
                                     for k in range(rng.randint(3, 40))]
        files[f"tips-{i}.json"] = [{"title": f"Tip {k + 1}", "body": TIPS[(i + k) % len(TIPS)]}
                                   for k in range(rng.randint(3, 25))]
        # An event in the simulated year, or none (renders empty: ignored).
        files[f"event-{i}.json"] = {"name": ["Dragon attack", "Flash sale", "Launch", "Eclipse"][i % 4],
                                    "at": iso(rng, 2026) if i % 3 else ""}
        files[f"launch-{i}.json"] = {"mission": f"Mission {i + 1}", "site": "LC-39B",
                                     "at": iso(rng, 2027 + i % 3)}  # after the simulated year
    return files


# --- widgets ----------------------------------------------------------------------------------------

THEMES = {
    # theme: (data source name, file prefix, content fields, sequence-capable)
    "weather": dict(
        src="weather", content={
            "location": "{{data.weather.location}}", "temperature": "{{data.weather.temp}}",
            "condition": "{{data.weather.condition}}", "symbol": "{{data.weather.symbol}}",
            "detail": "H:{{data.weather.high}}° L:{{data.weather.low}}°",
            "forecast": "{{#data.weather.next}}{{time}} {{temp}}°  {{/data.weather.next}}",
            "asOf": "Updated {{entry.time}}"},
        url="weatherapp://forecast/{{data.weather.locationID}}",
        placeholder={"location": "—", "temperature": "--", "condition": ""}),
    "calendar": dict(
        src="calendar", content={
            "title": "{{data.calendar.next.title}}",
            "time": "{{data.calendar.next.startTime}}–{{data.calendar.next.endTime}}",
            "location": "{{data.calendar.next.location}}", "day": "{{entry.weekday}} {{entry.day}}",
            "later": "{{#data.calendar.later}}{{startTime}} {{title}}\n{{/data.calendar.later}}"},
        url="calshow://event/{{data.calendar.next.id}}",
        placeholder={"title": "No events", "time": "", "location": ""}),
    "fitness": dict(
        src="fitness", content={
            "steps": "{{data.fitness.steps}}", "goal": "of {{data.fitness.goal}} steps",
            "calories": "{{data.fitness.calories}} kcal", "streak": "{{data.fitness.streak}}-day streak",
            "now": "{{entry.time}}"},
        url="fitloop://today", placeholder={"steps": 0, "goal": "", "calories": ""}),
    "game": dict(
        src="game", content={
            "name": "{{data.game.name}}", "level": "{{data.game.level}}",
            "energy": "{{data.game.energy}} energy", "seen": "{{entry.weekday}} {{entry.time}}"},
        url="mygame://character/{{data.game.name}}", placeholder={"name": "—", "level": 0}),
    "news": dict(
        src="news", content={
            "edition": "{{entry.weekday}} {{entry.time}} edition", "headline": "{{data.news.top.title}}",
            "source": "{{data.news.top.source}}",
            "more": "{{#data.news.headlines}}• {{title}} ({{source}})\n{{/data.news.headlines}}"},
        url="newsapp://article/{{data.news.top.id}}", placeholder={"headline": "Loading headlines…"}),
    "transit": dict(
        src="transit", content={
            "station": "{{data.transit.station.name}}", "platform": "Platform {{data.transit.station.platform}}",
            "departures": "{{#data.transit.departures}}{{line}} {{destination}} {{minutes}} min\n{{/data.transit.departures}}",
            "at": "{{entry.time}}"},
        url="transit://station", placeholder={"station": "—", "departures": ""}),
}
SEQ_THEMES = {
    "quotes": dict(src="quotes", content={"quote": "“{{record.text}}”", "author": "— {{record.author}}",
                                          "number": "{{index}}"},
                   url="quotes://quote/{{index}}", placeholder={"quote": "", "author": ""}),
    "tips": dict(src="tips", content={"title": "{{record.title}}", "body": "{{record.body}}", "number": "{{index}}"},
                 url="tips://tip/{{index}}", placeholder={"title": "Tips", "body": "Open the app to load tips."}),
}


def rule_list(count, rng):
    rules = []
    for name, share in RULES:
        rules += [name] * round(count * share)
    while len(rules) < count:
        rules.append(RULES[len(rules) % len(RULES)][0])
    rules = rules[:count]
    rng.shuffle(rules)
    return rules


def widget(n, rule, rng):
    zone = ZONES[n % len(ZONES)]
    if rule == "sequence":
        theme = rng.choice(sorted(SEQ_THEMES))
        spec = SEQ_THEMES[theme]
    else:
        theme = rng.choice(sorted(THEMES))
        spec = THEMES[theme]
    variant = rng.randrange(VARIANTS)
    kind = f"com.bench.{theme}.{rule}.w{n:04d}"
    fams = rng.sample(FAMILIES, rng.randint(1, 4))
    src = spec["src"]
    data = {src: f"{src}-{variant}.json"}
    content = dict(spec["content"])
    # Keep 3 to all of the theme's fields, in order.
    keys = list(content)
    keep = set(rng.sample(keys, rng.randint(min(3, len(keys)), len(keys))))
    content = {k: v for k, v in content.items() if k in keep}
    params = {}
    timeline = []
    options = []

    if rng.random() < 0.4:
        params["accent"] = ("enum", dict(title="Accent", values=["blue", "green", "orange"], default=rng.choice(["blue", "green", "orange"])))
        content["accent"] = "{{param.accent}}"
    if rng.random() < 0.2:
        params["compact"] = ("boolean", dict(title="Compact", default=rng.random() < 0.5))
        content["label"] = "{{^param.compact}}{{entry.weekday}}, {{/param.compact}}{{entry.time}}"

    if rule == "every":
        every = rng.choice(ALIGNED)
        if rng.random() < 0.25:
            params["refresh"] = ("duration", dict(title="Refresh Every", min="5m", max="6h", default=every))
            timeline.append(f"every: {q('{{param.refresh}}')}")
        else:
            timeline.append(f"every: {every}")
    elif rule == "every-unaligned":
        timeline += [f"every: {rng.choice(UNALIGNED)}", "align: false"]
        options.append(f"horizon: {rng.choice(['6h', '12h', '24h'])}")
    elif rule == "hourly":
        timeline.append("hourly: true")
        if rng.random() < 0.3:
            options.append(f"horizon: {rng.choice(['12h', '48h'])}")
    elif rule == "daily":
        times = sorted(rng.sample(sorted(SLOTS), rng.randint(1, 4)))
        first = next(iter(content))
        timeline.append("daily:")
        for t in times:
            timeline.append(f"  - at: {q(t)}")
            timeline.append(f"    name: {SLOTS[t]}")
            timeline.append(f"    content: {flow({first: '{{slot.name}}: ' + spec['content'][first]})}")
        content["slot"] = "{{slot.name}}"
    elif rule == "cron":
        expr, horizon = rng.choice(CRONS)
        timeline.append(f"cron: {q(expr)}")
        if horizon != "24h":
            options.append(f"horizon: {horizon}")
    elif rule == "progress":
        data = {}
        if rng.random() < 0.5:
            data["game"] = f"game-{variant}.json"
            value, since, fields = "{{data.game.health}}", "{{data.game.updated}}", {"name": "{{data.game.name}}"}
            by, every, to = 25, rng.choice(["30m", "1h", "2h"]), 100
        else:
            data["fitness"] = f"fitness-{variant}.json"
            value, since, fields = "{{data.fitness.streak}}", "{{data.fitness.updated}}", {"goal": "{{data.fitness.goal}}"}
            by, every, to = 1, rng.choice(["1h", "6h", "1d"]), 100000  # a counter that keeps going all year
        content = dict(fields, value="{{progress}}", label="{{progress}} of " + str(to), now="{{entry.time}}")
        timeline += ["progress:", f"  value: {q(value)}", f"  since: {q(since)}", f"  by: {by}",
                     f"  every: {every}", f"  to: {to}"]
    elif rule == "sequence":
        timeline += ["sequence:", f"  items: {src}", f"  every: {rng.choice(SEQ_EVERY)}"]
    elif rule == "once":
        timeline.append("once: true")
        r = rng.random()
        if r < 0.3:
            data["launch"] = f"launch-{variant}.json"
            content["countdown"] = "{{data.launch.mission}} at {{data.launch.at}}"
            options.append(f"policy: {{ after: {q('{{data.launch.at}}')} }}")
        elif r < 0.7:
            options.append(f"policy: {{ after: {rng.choice(['6h', '12h', '1d'])} }}")

    if rule in ("every", "hourly", "cron", "daily") and rng.random() < 0.2:
        data["event"] = f"event-{variant}.json"
        options.append("events:")
        options.append(f"  - at: {q('{{data.event.at}}')}")
    if rule in ("every", "every-unaligned", "hourly", "cron") and rng.random() < 0.15:
        options.append(f"maxEntries: {rng.choice([24, 50, 100, 500])}")
    if rule in ("every", "hourly") and rng.random() < 0.1:
        options.append(f"policy: {{ after: {rng.choice(['2h', '4h'])} }}")

    lines = ["# yaml-language-server: $schema=../../../schemas/widget.schema.json",
             f"# Generated by bench/gen_run_corpus.py: rule {rule}, theme {theme}.",
             f"kind: {kind}",
             f"displayName: {q(rng.choice(WORDS) + ' ' + theme.capitalize())}",
             f"description: {q('A ' + theme + ' widget refreshed by the ' + rule + ' rule.')}",
             f"families: [{', '.join(fams)}]",
             f"timeZone: {zone}"]
    if params:
        lines.append("parameters:")
        for name, (ptype, fields) in params.items():
            lines.append(f"  {name}:")
            lines.append(f"    type: {ptype}")
            for k, v in fields.items():
                if k == "values":
                    lines.append(f"    values: [{', '.join(v)}]")
                elif ptype == "duration" and k != "title":
                    lines.append(f"    {k}: {v}")
                else:
                    lines.append(f"    {k}: {scalar(v)}")
    lines.append("data:")
    for name, f in data.items():
        lines.append(f"  {name}: {{ file: {f} }}")
    if rule != "progress" and rng.random() < 0.7:
        lines.append(f"placeholder: {flow(spec['placeholder'])}")
    lines.append("content:")
    for k, v in content.items():
        lines.append(f"  {k}: {q(v)}")
    if rng.random() < 0.35 and len(content) > 2:
        fam = fams[0] if rng.random() < 0.6 else rng.choice(fams)
        drop = rng.choice(list(content)[1:])
        lines.append("familyContent:")
        lines.append(f"  {fam}: {{ {drop}: null }}")
    if rule != "progress" and rng.random() < 0.6:
        lines.append(f"url: {q(spec['url'])}")
    lines.append("timeline:")
    lines += ["  " + t for t in timeline + options]
    return "\n".join(lines) + "\n", kind, zone, theme


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20260101)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(os.path.join(a.out, "container"), exist_ok=True)
    for name in os.listdir(a.out):  # a smaller --count must not leave older widgets behind
        if name.endswith(".yaml"):
            os.remove(os.path.join(a.out, name))
    for name, value in container_files(rng).items():
        with open(os.path.join(a.out, "container", name), "w") as f:
            json.dump(value, f, indent=1, ensure_ascii=False)
    rules = rule_list(a.count, rng)
    with open(os.path.join(a.out, "MANIFEST.tsv"), "w") as man:
        man.write("file\tkind\trule\tzone\ttheme\n")
        for n, rule in enumerate(rules):
            text, kind, zone, theme = widget(n, rule, rng)
            name = f"w{n:04d}.yaml"
            with open(os.path.join(a.out, name), "w") as f:
                f.write(text)
            man.write(f"{name}\t{kind}\t{rule}\t{zone}\t{theme}\n")


if __name__ == "__main__":
    main()
