import Foundation

// Key paths through emitter cells: a cell's own (`"contentsRect.size.width"`,
// `"emitterCells.ember.birthRate"`) and a layer's, whose first key after `emitterCells`
// names a cell.
extension CAEmitterCell {
    /// Reads a dotted key path: through a sub-cell by name, or into a structured value.
    func keyPathValue(_ keyPath: String) -> Any? {
        guard let (root, rest) = NestedKeyPath.split(keyPath) else { return value(forKey: keyPath) }
        let value = self.value(forKey: root)
        if let cells = value as? [CAEmitterCell] { return EmitterCellPath.value(in: cells, at: rest) }
        return value.flatMap { SubPath.read($0, rest) }
    }

    /// Writes a dotted key path, as ``keyPathValue(_:)`` reads it.
    func setKeyPathValue(_ value: Any?, _ keyPath: String) {
        guard let (root, rest) = NestedKeyPath.split(keyPath) else { return setValue(value, forKey: keyPath) }
        let current = self.value(forKey: root)
        if let cells = current as? [CAEmitterCell] {
            EmitterCellPath.setValue(value, in: cells, at: rest, reportingAs: keyPath)
            return
        }
        guard let value, let current, let updated = SubPath.write(current, rest, value) else {
            OQC.report(.invalidValue, key: keyPath, "cannot set '\(keyPath)' on CAEmitterCell to \(value.map { "\($0)" } ?? "nil"): the path or the value's type does not match the property; the value is ignored.")
            return
        }
        setValue(updated, forKey: root)
    }
}

/// Key paths through an array of emitter cells: the first key names a cell
/// (`CAEmitterCell.h`: the name is "used to construct key paths"), the rest is read or
/// written on it.
enum EmitterCellPath {
    /// The cell of `cells` named `name`: the first, as key-value coding finds it.
    static func cell(named name: String, in cells: [CAEmitterCell]) -> CAEmitterCell? {
        cells.first { $0.name == name }
    }

    /// The value at `path` (`"<name>.<key path>"`) in `cells`; nil without such a cell.
    static func value(in cells: [CAEmitterCell], at path: String) -> Any? {
        guard let (name, rest) = NestedKeyPath.split(path), let cell = cell(named: name, in: cells) else { return nil }
        return cell.value(forKeyPath: rest)
    }

    /// Sets the value at `path` (`"<name>.<key path>"`) in `cells`; reports a missing cell.
    static func setValue(_ value: Any?, in cells: [CAEmitterCell], at path: String, reportingAs keyPath: String) {
        let parts = NestedKeyPath.split(path)
        guard let (name, rest) = parts, let cell = cell(named: name, in: cells) else {
            OQC.report(.invalidValue, key: keyPath, "no emitter cell is named '\(parts?.root ?? path)' for '\(keyPath)'; the value is ignored. Set the cell's name to the one the key path uses.")
            return
        }
        cell.setValue(value, forKeyPath: rest)
    }
}
