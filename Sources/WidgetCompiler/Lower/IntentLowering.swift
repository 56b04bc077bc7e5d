import WidgetDiagnostics
import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore

extension Lowering {
    /// The widget's intents as the plan carries them (docs/intents.md): parameters with their
    /// defaults resolved, each effect's pointer split into tokens, `by` defaulting to 1.
    /// `defaultsSuite`: the suite of the widget's first defaults source (nil: none, or the app group's).
    static func intents(
        _ intents: [WidgetDefinition.Intent], file: String, parsed: ParsedScalars, defaultsSuite: String? = nil
    ) -> Result<[PlanIntent], Diagnostic> {
        var lowered: [PlanIntent] = []
        for intent in intents {
            let base = ["intents", intent.name]
            func fail(_ message: String, _ node: SourceNode, _ pointer: [String]) -> Result<[PlanIntent], Diagnostic> {
                .failure(.error(.compile, "intent '\(intent.name)': \(message)", file: file, at: node.location, pointer: JSONPointer.string(base + pointer)))
            }
            var parameters: [PlanParameter] = []
            for p in intent.parameters {
                switch parameter(p, file: file, parsed: parsed, under: base + ["parameters"]) {
                case .success(let p): parameters.append(p)
                case .failure(let d): return .failure(d)
                }
            }
            var effects: [PlanEffect] = []
            for effect in intent.effects {
                let at = ["perform", String(effect.index), effect.kind.rawValue]
                if effect.isOnDefaults {
                    guard let key = effect.defaults else { return fail("expected a defaults key", effect.node, at) }
                    // No suite: the widget's first defaults source's, else the app group's.
                    let suite = effect.suite?.value ?? defaultsSuite
                    if effect.kind == .set {
                        guard let value = effect.value else { return fail("expected a value", effect.node, at) }
                        effects.append(.setDefaults(PlanDefaultsKey(key: key.value, suite: suite), value: value.json))
                    } else {
                        effects.append(.removeDefaults(PlanDefaultsKey(key: key.value, suite: suite)))
                    }
                    continue
                }
                var target: PlanTarget? = nil
                if effect.kind.isOnFile {
                    guard let file = effect.file, let pointer = effect.at else { return fail("expected file and at", effect.node, at) }
                    let template: PointerTemplate?
                    do { template = try PointerTemplate(pointer.value) } catch {
                        return fail("pointer '\(pointer.value)': \(error.message)", pointer.node, at + ["at"])
                    }
                    guard let template else { return fail("'\(pointer.value)' is not a JSON Pointer", pointer.node, at + ["at"]) }
                    target = PlanTarget(file: file.value, at: template)
                }
                switch effect.kind {
                case .set, .append:
                    guard let target, let value = effect.value else { return fail("expected a value", effect.node, at) }
                    effects.append(effect.kind == .set ? .set(target, value: value.json) : .append(target, value: value.json))
                case .toggle:
                    guard let target else { return fail("expected file and at", effect.node, at) }
                    effects.append(.toggle(target))
                case .remove:
                    guard let target else { return fail("expected file and at", effect.node, at) }
                    effects.append(.remove(target, value: effect.value?.json))
                case .increment:
                    guard let target else { return fail("expected file and at", effect.node, at) }
                    var by: Field<PlanNumber> = .literal(.int(1))
                    switch effect.by?.json {
                    case nil: break
                    case .int(let i)?: by = .literal(.int(i))
                    case .double(let d)?: by = .literal(.double(d))
                    case .string(let text)?:
                        do { by = .template(try Template(text)) } catch { return fail("template '\(text)': \(error.message)", effect.by!, at + ["by"]) }
                    default: return fail("by is not a number or a template", effect.by!, at + ["by"])
                    }
                    effects.append(.increment(target, by: by, min: effect.min?.number, max: effect.max?.number))
                case .reload:
                    effects.append(.reload(effect.node.items.compactMap(\.string)))
                case .open:
                    guard let text = effect.node.string else { return fail("open is not a URL", effect.node, at) }
                    do { effects.append(.open(try Template(text))) } catch { return fail("template '\(text)': \(error.message)", effect.node, at) }
                case .swift:
                    guard let type = effect.swiftType else { return fail("expected a Swift type name", effect.node, at) }
                    effects.append(.swift(type: type.value, arguments: effect.arguments?.json.object ?? JSONObject()))
                }
            }
            lowered.append(PlanIntent(
                name: intent.name, title: intent.title?.value ?? intent.name, description: intent.description?.value,
                parameters: parameters, effects: effects))
        }
        return .success(lowered)
    }
}
