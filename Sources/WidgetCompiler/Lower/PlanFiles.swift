/// Names of compiled files.
package enum PlanFiles {
    package static let widgetSuffix = ".plan.json"
    package static let appSuffix = ".app.json"
}
