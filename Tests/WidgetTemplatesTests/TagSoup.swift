/// Deterministic random templates made of `pieces`, for tests that compare two
/// readings of arbitrary input: a xorshift generator from `seed`, so failures reproduce.
/// Each source joins up to `maxPieces - 1` pieces.
func tagSoup(_ pieces: [String], seed: UInt64, count: Int, maxPieces: Int) -> [String] {
    var state = seed
    func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
    return (0..<count).map { _ in (0..<next(maxPieces)).map { _ in pieces[next(pieces.count)] }.joined() }
}
