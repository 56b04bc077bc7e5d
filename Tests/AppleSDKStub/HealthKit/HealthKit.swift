// HealthKit, only what the step-goal example's StepsToday (widgets/swift/StepsToday.swift) uses:
// today's step count through a statistics query. Each declaration cites its page of Apple's
// documentation. Bodies are placeholders (the test type-checks the sample; no widget of the
// driver calls it).
import Foundation

// https://developer.apple.com/documentation/healthkit/hkhealthstore
open class HKHealthStore: @unchecked Sendable {
    // https://developer.apple.com/documentation/healthkit/hkhealthstore/init()
    public init() {}
}

// https://developer.apple.com/documentation/healthkit/hkobjecttype
open class HKObjectType: @unchecked Sendable {
    init() {}
}

// https://developer.apple.com/documentation/healthkit/hksampletype
open class HKSampleType: HKObjectType, @unchecked Sendable {}

// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier
public struct HKQuantityTypeIdentifier: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier/stepcount
    public static let stepCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")
}

// https://developer.apple.com/documentation/healthkit/hkquantitytype
open class HKQuantityType: HKSampleType, @unchecked Sendable {
    // https://developer.apple.com/documentation/healthkit/hkquantitytype/init(_:)
    public convenience init(_ identifier: HKQuantityTypeIdentifier) { self.init() }
}

// https://developer.apple.com/documentation/healthkit/hkobject
open class HKObject: @unchecked Sendable {
    init() {}
}

// https://developer.apple.com/documentation/healthkit/hksample
open class HKSample: HKObject, @unchecked Sendable {}

// https://developer.apple.com/documentation/healthkit/hkquantitysample
open class HKQuantitySample: HKSample, @unchecked Sendable {}

// https://developer.apple.com/documentation/healthkit/hkunit
open class HKUnit: @unchecked Sendable {
    public required init() {}

    // https://developer.apple.com/documentation/healthkit/hkunit/count()
    open class func count() -> Self { self.init() }
}

// https://developer.apple.com/documentation/healthkit/hkquantity
open class HKQuantity: @unchecked Sendable {
    init() {}

    // https://developer.apple.com/documentation/healthkit/hkquantity/doublevalue(for:)
    open func doubleValue(for unit: HKUnit) -> Double { 0 }
}

// https://developer.apple.com/documentation/healthkit/hkstatistics
open class HKStatistics: @unchecked Sendable {
    init() {}

    // https://developer.apple.com/documentation/healthkit/hkstatistics/sumquantity()
    open func sumQuantity() -> HKQuantity? { nil }
}

// https://developer.apple.com/documentation/healthkit/hkqueryoptions
public struct HKQueryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
}

// https://developer.apple.com/documentation/healthkit/hkquery
open class HKQuery: @unchecked Sendable {
    init() {}

    // https://developer.apple.com/documentation/healthkit/hkquery/predicateforsamples(withstart:end:options:)
    open class func predicateForSamples(withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []) -> NSPredicate {
        NSPredicate(value: true)
    }
}

// https://developer.apple.com/documentation/healthkit/hksamplepredicate
public struct HKSamplePredicate<Sample>: @unchecked Sendable where Sample: HKSample {
    // https://developer.apple.com/documentation/healthkit/hksamplepredicate/sampletype
    public let sampleType: HKSampleType
    // https://developer.apple.com/documentation/healthkit/hksamplepredicate/nspredicate
    public let nsPredicate: NSPredicate?
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    // https://developer.apple.com/documentation/healthkit/hksamplepredicate/quantitysample(type:predicate:)
    public static func quantitySample(type quantityType: HKQuantityType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKQuantitySample> {
        HKSamplePredicate(sampleType: quantityType, nsPredicate: predicate)
    }
}

// https://developer.apple.com/documentation/healthkit/hkstatisticsoptions
public struct HKStatisticsOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/healthkit/hkstatisticsoptions/cumulativesum
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
}

// https://developer.apple.com/documentation/healthkit/hkstatisticsquerydescriptor
public struct HKStatisticsQueryDescriptor: Sendable {
    // https://developer.apple.com/documentation/healthkit/hkstatisticsquerydescriptor/predicate
    public var predicate: HKSamplePredicate<HKQuantitySample>
    // https://developer.apple.com/documentation/healthkit/hkstatisticsquerydescriptor/options
    public var options: HKStatisticsOptions

    // https://developer.apple.com/documentation/healthkit/hkstatisticsquerydescriptor/init(predicate:options:)
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
        self.predicate = predicate
        self.options = options
    }

    // https://developer.apple.com/documentation/healthkit/hkstatisticsquerydescriptor/result(for:)
    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? { nil }
}
