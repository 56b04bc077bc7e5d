/// A widget schema shaped like the project's (about 300 lines: `$defs`, `$ref`, `oneOf`
/// with discriminating keys, patterns, `additionalProperties: false`), for report tests
/// and the timing harness. Not the project's real schema.
enum SampleWidgetSchema {
    static let uri = "https://widgetc.example/schemas/widget.schema.json"

    static let text = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://widgetc.example/schemas/widget.schema.json",
      "title": "Widget definition",
      "type": "object",
      "required": ["kind", "displayName", "description", "content", "timeline"],
      "additionalProperties": false,
      "properties": {
        "kind": { "type": "string", "pattern": "^[A-Za-z0-9._-]+$", "minLength": 1, "maxLength": 200 },
        "displayName": { "type": "string", "minLength": 1 },
        "description": { "type": "string" },
        "families": {
          "type": "array",
          "minItems": 1,
          "uniqueItems": true,
          "items": { "$ref": "#/$defs/family" }
        },
        "timeZone": { "$ref": "#/$defs/timeZone" },
        "parameters": {
          "type": "object",
          "propertyNames": { "pattern": "^[a-z][A-Za-z0-9_]*$" },
          "additionalProperties": { "$ref": "#/$defs/parameter" }
        },
        "data": {
          "type": "object",
          "propertyNames": { "pattern": "^[a-z][A-Za-z0-9_]*$" },
          "additionalProperties": {
            "type": "object",
            "required": ["file"],
            "additionalProperties": false,
            "properties": { "file": { "type": "string", "minLength": 1 } }
          }
        },
        "placeholder": { "$ref": "#/$defs/content" },
        "snapshot": { "$ref": "#/$defs/content" },
        "content": { "$ref": "#/$defs/content" },
        "familyContent": {
          "type": "object",
          "propertyNames": { "$ref": "#/$defs/family" },
          "additionalProperties": { "$ref": "#/$defs/content" }
        },
        "url": { "$ref": "#/$defs/template" },
        "timeline": { "$ref": "#/$defs/timeline" }
      },
      "$defs": {
        "family": {
          "enum": ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
                   "accessoryCircular", "accessoryRectangular", "accessoryInline"]
        },
        "timeZone": { "type": "string", "pattern": "^(UTC|[A-Za-z_]+(/[A-Za-z0-9_+-]+){1,2})$" },
        "template": { "type": "string" },
        "duration": {
          "anyOf": [
            { "type": "string", "pattern": "^([0-9]+d)?([0-9]+h)?([0-9]+m)?([0-9]+s)?$", "minLength": 2 },
            { "type": "string", "pattern": "^P(\\d+D)?(T(\\d+H)?(\\d+M)?(\\d+S)?)?$" },
            { "type": "string", "pattern": "\\{\\{" }
          ]
        },
        "instant": {
          "type": "string",
          "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?(Z|[+-]\\d{2}:\\d{2})$"
        },
        "moment": {
          "anyOf": [
            { "$ref": "#/$defs/instant" },
            { "type": "string", "pattern": "^\\+" },
            { "type": "string", "pattern": "\\{\\{" }
          ]
        },
        "wallTime": { "type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
        "scalar": { "type": ["string", "number", "boolean", "null"] },
        "content": {
          "type": "object",
          "minProperties": 1,
          "additionalProperties": { "$ref": "#/$defs/scalar" }
        },
        "parameter": {
          "type": "object",
          "required": ["type", "title"],
          "properties": {
            "type": { "enum": ["integer", "number", "boolean", "string", "enum", "duration"] },
            "title": { "type": "string", "minLength": 1 },
            "default": { "$ref": "#/$defs/scalar" },
            "min": { "type": "number" },
            "max": { "type": "number" },
            "values": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string" } }
          },
          "additionalProperties": false,
          "allOf": [
            {
              "if": { "properties": { "type": { "const": "enum" } } },
              "then": { "required": ["values"] }
            },
            {
              "if": { "properties": { "type": { "enum": ["integer", "number"] } } },
              "else": { "not": { "anyOf": [{ "required": ["min"] }, { "required": ["max"] }] } }
            }
          ]
        },
        "policy": {
          "oneOf": [
            { "enum": ["atEnd", "never"] },
            {
              "type": "object",
              "required": ["after"],
              "additionalProperties": false,
              "properties": {
                "after": { "anyOf": [{ "$ref": "#/$defs/duration" }, { "$ref": "#/$defs/moment" }] }
              }
            }
          ]
        },
        "event": {
          "type": "object",
          "required": ["at"],
          "additionalProperties": false,
          "properties": { "at": { "$ref": "#/$defs/moment" }, "name": { "type": "string" } }
        },
        "dailySlot": {
          "type": "object",
          "required": ["at"],
          "additionalProperties": false,
          "properties": {
            "at": { "$ref": "#/$defs/wallTime" },
            "name": { "type": "string" },
            "content": { "$ref": "#/$defs/content" }
          }
        },
        "count": {
          "anyOf": [
            { "type": "number" },
            { "type": "string", "pattern": "^\\{\\{[^{}]+\\}\\}$" }
          ]
        },
        "rule": {
          "oneOf": [
            {
              "required": ["every"],
              "properties": {
                "every": { "$ref": "#/$defs/duration" },
                "align": { "type": "boolean" }
              }
            },
            {
              "required": ["hourly"],
              "properties": { "hourly": { "const": true } }
            },
            {
              "required": ["daily"],
              "properties": {
                "daily": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/dailySlot" } }
              }
            },
            {
              "required": ["cron"],
              "properties": {
                "cron": { "type": "string", "pattern": "^\\S+( \\S+){4}$" }
              }
            },
            {
              "required": ["market"],
              "properties": {
                "market": {
                  "type": "object",
                  "required": ["exchange"],
                  "additionalProperties": false,
                  "properties": {
                    "exchange": { "type": "string", "pattern": "^[A-Z]{4}$" },
                    "every": { "$ref": "#/$defs/duration" }
                  }
                }
              }
            },
            {
              "required": ["progress"],
              "properties": {
                "progress": {
                  "type": "object",
                  "required": ["value", "since", "by", "every", "to"],
                  "additionalProperties": false,
                  "properties": {
                    "value": { "$ref": "#/$defs/count" },
                    "since": { "$ref": "#/$defs/moment" },
                    "by": { "$ref": "#/$defs/count" },
                    "every": { "$ref": "#/$defs/duration" },
                    "to": { "$ref": "#/$defs/count" }
                  }
                }
              }
            },
            {
              "required": ["sequence"],
              "properties": {
                "sequence": {
                  "type": "object",
                  "required": ["items", "every"],
                  "additionalProperties": false,
                  "properties": {
                    "items": { "type": "string", "minLength": 1 },
                    "every": { "$ref": "#/$defs/duration" }
                  }
                }
              }
            },
            {
              "required": ["once"],
              "properties": { "once": { "const": true } }
            }
          ]
        },
        "timeline": {
          "type": "object",
          "allOf": [{ "$ref": "#/$defs/rule" }],
          "properties": {
            "horizon": { "$ref": "#/$defs/duration" },
            "maxEntries": { "type": "integer", "minimum": 1, "maximum": 1000 },
            "policy": { "$ref": "#/$defs/policy" },
            "events": { "type": "array", "items": { "$ref": "#/$defs/event" } }
          },
          "unevaluatedProperties": false
        }
      }
    }
    """#

    /// A valid widget document of about 2 KB.
    static let document = #"""
    {
      "kind": "com.mygame.character-detail",
      "displayName": "Character Details",
      "description": "Health recovers 25% an hour. Keep an eye on your character while the dragon sleeps.",
      "families": ["systemSmall", "systemMedium", "systemLarge"],
      "timeZone": "America/New_York",
      "parameters": {
        "character": {
          "type": "enum",
          "title": "Character",
          "values": ["panda", "egghead", "spouty", "dragonfly", "owl"],
          "default": "panda"
        },
        "interval": {
          "type": "integer",
          "title": "Interval (minutes)",
          "min": 5,
          "max": 120,
          "default": 15
        },
        "showHealth": { "type": "boolean", "title": "Show health", "default": true }
      },
      "data": {
        "character": { "file": "character.json" },
        "dragon": { "file": "dragon.yaml" },
        "inventory": { "file": "inventory/items.json" }
      },
      "placeholder": { "name": "—", "health": 0, "level": 1, "status": "loading" },
      "snapshot": { "name": "Power Panda", "health": 75, "level": 12, "status": "resting" },
      "content": {
        "name": "{{data.character.name}}",
        "health": "{{progress}}",
        "level": "{{data.character.level}}",
        "status": "{{#data.dragon.awake}}Run!{{/data.dragon.awake}}{{^data.dragon.awake}}Safe{{/data.dragon.awake}}",
        "updated": "{{entry.time}}",
        "weekday": "{{entry.weekday}}"
      },
      "familyContent": {
        "systemSmall": { "name": "{{progress}}%", "status": "" },
        "systemLarge": { "detail": "{{data.character.bio}}", "items": "{{data.inventory.count}} items" }
      },
      "url": "mygame://character/{{param.character}}",
      "timeline": {
        "progress": {
          "value": "{{data.character.health}}",
          "since": "{{data.character.updated}}",
          "by": 25,
          "every": "1h",
          "to": 100
        },
        "horizon": "24h",
        "maxEntries": 200,
        "policy": { "after": "PT6H" },
        "events": [
          { "at": "{{data.dragon.at}}", "name": "dragon wakes" },
          { "at": "2026-11-29T18:00:00-05:00", "name": "evening raid" },
          { "at": "+2h" }
        ]
      }
    }
    """#
}
