/// Reading the fields of a document whose parts may be malformed one by one: as `Decodable`'s
/// `decodeIfPresent` reads them (null is absent), and lenient parts that a `.shape` error costs
/// only themselves. The generic ones are inlinable: specialised in the reader's module, not
/// instantiated at run time for every element (perf: those lookups were a third of the samples
/// reading the window took; 74 → 62 samples over three cold starts).
extension JSONScanner {
    /// A string, or nil for null; a value of any other type is a `.shape` error.
    public mutating func optionalString() throws(JSONScanError) -> String? {
        try null() ? nil : string()
    }

    /// A bool, or nil for null; a value of any other type is a `.shape` error.
    public mutating func optionalBool() throws(JSONScanError) -> Bool? {
        try null() ? nil : bool()
    }

    /// An integer an `Int64` holds exactly, or nil for null; any other value is a `.shape` error.
    public mutating func optionalInt64() throws(JSONScanError) -> Int64? {
        if try null() { return nil }
        let start = mark
        guard try kind() == .number else { throw unexpected("expected an integer") }
        guard let value = try int64() else {
            rewind(to: start)
            throw unexpected("a number that is not a 64-bit integer")
        }
        return value
    }

    /// The next value read by `read`; when that throws a `.shape` error, the value is stepped
    /// over (checked as strictly) and nil returned. A `.syntax` error is thrown on.
    @inlinable
    public mutating func lenient<T>(_ read: (inout JSONScanner) throws(JSONScanError) -> T) throws(JSONScanError) -> T? {
        let start = mark
        do throws(JSONScanError) {
            return try read(&self)
        } catch where error.kind == .shape {
            rewind(to: start)
            try skip()
            return nil
        }
    }

    /// An array whose elements are read one by one by `read`, dropping each that throws a `.shape`
    /// error; nil for null. A value that is not an array is a `.shape` error.
    @inlinable
    public mutating func lossyArray<T>(_ read: (inout JSONScanner) throws(JSONScanError) -> T) throws(JSONScanError) -> [T]? {
        if try null() { return nil }
        try enterArray()
        var elements: [T] = []
        while try nextElement() {
            if let element = try lenient(read) { elements.append(element) }
        }
        return elements
    }

    /// An object whose values are read one by one by `read`, dropping each that throws a
    /// `.shape` error; nil for null. A value that is not an object, or a key twice, is a `.shape`
    /// error (two readers of the document could take different values).
    @inlinable
    public mutating func lossyObject<T>(_ read: (inout JSONScanner) throws(JSONScanError) -> T) throws(JSONScanError) -> [String: T]? {
        if try null() { return nil }
        try enterObject()
        var values: [String: T] = [:]
        var seen: Set<String> = []
        while let key = try nextKey() {
            guard seen.insert(key).inserted else { throw unexpected("the key \"\(key.prefix(40))\" twice") }
            if let value = try lenient(read) { values[key] = value }
        }
        return values
    }
}

extension JSONScanner {
    /// An array whose elements must all read (any error is thrown on); nil for null.
    @inlinable
    public mutating func strictArray<T>(_ read: (inout JSONScanner) throws(JSONScanError) -> T) throws(JSONScanError) -> [T]? {
        if try null() { return nil }
        try enterArray()
        var elements: [T] = []
        while try nextElement() { elements.append(try read(&self)) }
        return elements
    }

    /// An object whose values must all read (any error is thrown on); nil for null. A key twice
    /// is a `.shape` error.
    @inlinable
    public mutating func strictObject<T>(_ read: (inout JSONScanner) throws(JSONScanError) -> T) throws(JSONScanError) -> [String: T]? {
        if try null() { return nil }
        try enterObject()
        var values: [String: T] = [:]
        while let key = try nextKey() {
            guard values.updateValue(try read(&self), forKey: key) == nil else { throw unexpected("the key \"\(key.prefix(40))\" twice") }
        }
        return values
    }
}

/// The keys of one object that a reader has read (numbered by the reader, at most 64), to refuse
/// one given twice: two readers of the document could take different values.
public struct SeenKeys {
    private var mask: UInt64 = 0

    public init() {}

    /// Notes key number `bit`; a `.shape` error at the scanner when it was noted before.
    public mutating func first(_ bit: Int, _ key: String, _ scanner: inout JSONScanner) throws(JSONScanError) {
        let flag: UInt64 = 1 << UInt64(bit)
        guard mask & flag == 0 else { throw scanner.unexpected("the key \"\(key.prefix(40))\" twice") }
        mask |= flag
    }
}
