#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How far the current thread's stack may still grow, so the evaluator (which recurses once
/// for each level of the instance and of the schema) refuses a value before the stack
/// overflows rather than after.
///
/// The bound is measured, not guessed from a depth: one level of a recursive `anyOf` over
/// nested arrays takes 10.9 KB of stack in a debug build while reporting (measured by
/// `RobustnessTests.stackUsedPerLevelIsMeasured`; release frames are smaller, AddressSanitizer's
/// larger), so a fixed depth that fits one build and one thread overflows another (500 levels
/// overflowed 8 MB in debug and ASan builds, 1 MB in release). The evaluator checks the room
/// left at each step into the instance and stops while `reserve` bytes remain: room for the
/// frames of a level (the test keeps it under half the reserve) and for the failure reports.
struct StackLimit {
    /// The lowest stack address the evaluator goes down to (0: unknown, no limit).
    let floor: UInt
    /// The thread's stack, lowest and highest address.
    let low: UInt
    let high: UInt
    /// The address the evaluation started at, for measuring what it used.
    let start: UInt

    /// Room kept free below the deepest evaluation frame.
    static let reserve: UInt = 128 << 10

    init() {
        start = Self.here()
        guard let (low, high) = Self.cachedThreadStack(), high > low, start > low, start <= high else {
            (floor, low, high) = (0, 0, 0)
            return
        }
        // (A stack smaller than twice the reserve keeps half of it.)
        (floor, self.low, self.high) = (low + min(Self.reserve, (high - low) / 2), low, high)
    }

    /// Whether the stack may grow by another level. An address outside the thread's stack
    /// (AddressSanitizer's fake stack, when asked for) is not judged: the depth bound holds.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func hasRoom() -> Bool {
        guard floor != 0 else { return true }
        // An address in this frame, read in place, not by a call of `here()` at every step into the
        // instance: Schema.validate 20.29 M -> 19.81 M instructions on the examples slice (304 files, callgrind).
        var marker: UInt8 = 0
        let sp = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return sp > floor || sp < low || sp > high
    }

    /// Bytes of stack between the start and here.
    // @inline(__always): with JSONSchema's 31 others, -0.43% instructions on bench/validate (10,000 files, one thread, callgrind)
    @inline(__always)
    func used() -> Int {
        let sp = Self.here()
        return sp < start ? Int(start - sp) : 0
    }

    /// An address in the caller's frame.
    @inline(never)
    static func here() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    #if !canImport(Darwin)
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let getAttributes: GetAttributes? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif

    /// Each thread's stack bounds, found once per thread: on Linux the main thread's come
    /// from parsing /proc/self/maps, and asking for every document cost 640 M of 1,058 M
    /// instructions validating 1,000 files. (One small allocation per thread, freed when the
    /// thread ends: without the destructor LeakSanitizer found one per ended worker thread.)
    private static let boundsKey: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { $0.deallocate() }
        #else
        pthread_key_create(&key) { $0?.deallocate() }
        #endif
        return key
    }()

    private static func cachedThreadStack() -> (UInt, UInt)? {
        if let known = pthread_getspecific(boundsKey) {
            let bounds = known.assumingMemoryBound(to: (UInt, UInt).self).pointee
            return bounds.1 == 0 ? nil : bounds
        }
        let bounds = threadStack() ?? (0, 0)
        let slot = UnsafeMutablePointer<(UInt, UInt)>.allocate(capacity: 1)
        slot.initialize(to: bounds)
        pthread_setspecific(boundsKey, slot)
        return bounds.1 == 0 ? nil : bounds
    }

    /// The current thread's stack as (lowest, highest) address.
    private static func threadStack() -> (UInt, UInt)? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        guard high > size else { return nil }
        return (high - size, high)
        #else
        // glibc's and musl's `pthread_getattr_np` (a GNU extension the module does not export).
        guard let getAttributes = Self.getAttributes else { return nil }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer? = nil
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        let low = UInt(bitPattern: address)
        return (low, low + UInt(size))
        #endif
    }
}
