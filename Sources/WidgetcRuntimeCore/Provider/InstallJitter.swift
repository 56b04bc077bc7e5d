import WidgetTime

/// A policy's jitter (`policy: {after: D, jitter: J}`, docs/fleet.md): every `after` date of one
/// install moves by the same offset in `[0, J)`, so a fleet does not ask its server at one second.
///
/// The offset is a function of the install's seed (a random number the device keeps in the app
/// group container, `InstallSeed`) and the widget's kind: fixed for an install, different between
/// installs, and different between two widgets of one install.
package enum InstallJitter {
    /// The install's offset in `[0, jitter)` seconds; 0 when `jitter` is 0 or less.
    package static func offset(seed: UInt64, kind: String, jitter: Int64) -> Int64 {
        guard jitter > 0 else { return 0 }
        return Int64(mix(seed ^ fnv1a(kind)) % UInt64(jitter))
    }

    /// `policy` with its `after` date moved by the install's offset (atEnd and never stay).
    package static func applying(_ jitter: Int64, seed: UInt64, kind: String, to policy: ReloadPolicy) -> ReloadPolicy {
        guard jitter > 0, case .after(let date) = policy else { return policy }
        return .after(date + offset(seed: seed, kind: kind, jitter: jitter))
    }

    /// FNV-1a over the kind's UTF-8 bytes: the same on every platform and every run (Swift's
    /// `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// SplitMix64's finalizer: nearby seeds give unrelated offsets.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
