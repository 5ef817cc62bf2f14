/// The device sizes lint runs every layout at: the iPhones and iPads the current iOS release
/// supports (375-pt wide phones up), in portrait and landscape, with their safe-area insets.
///
/// Devices that share a screen size and safe area are one entry (the others are `aliases`),
/// so no size is computed twice. Insets are the system's safe-area insets of a full-screen
/// window in that orientation: status bar or sensor housing, and the home indicator.
public struct Device: Hashable, Sendable {
    public enum Family: String, Hashable, Sendable, CaseIterable {
        case iPhone, iPad, custom
    }

    /// Stable identifier for configuration files, e.g. `iphone-se-3`.
    public var id: String
    /// How messages name it, e.g. "iPhone SE (3rd generation)".
    public var name: String
    /// Other devices with the same screen and safe area.
    public var aliases: [String]
    public var family: Family
    /// Portrait size in points (width < height), or a custom device's only size.
    public var portrait: Size
    public var portraitSafeArea: EdgeInsets
    /// nil for a custom device that has one orientation only.
    public var landscapeSafeArea: EdgeInsets?
    /// Pixels per point (UIKit's `displayScale`): lint lays out on this pixel grid
    /// (docs/format.md, "The pixel grid"). nil for a custom device: no grid.
    public var scale: Double?

    public init(id: String, name: String, aliases: [String] = [], family: Family, portrait: Size,
                portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets?, scale: Double? = nil) {
        self.scale = scale
        self.id = id
        self.name = name
        self.aliases = aliases
        self.family = family
        self.portrait = portrait
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
    }

    /// Whether `text` names this device: its id, name or an alias, ignoring case.
    public func isNamed(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return id == lowered || name.lowercased() == lowered || aliases.contains { $0.lowercased() == lowered }
    }
}

public enum Orientation: String, Hashable, Sendable, CaseIterable {
    case portrait, landscape
}

/// One entry of the matrix: a device in one orientation, or a layout's own size.
public struct DeviceSize: Hashable, Sendable, CustomStringConvertible {
    /// "iPhone SE (3rd generation) portrait", or "its own size".
    public var label: String
    public var deviceID: String?
    public var orientation: Orientation?
    public var size: Size
    public var safeArea: EdgeInsets
    /// The device's pixels per point, nil for a size that is no device's (no pixel grid).
    public var scale: Double?
    /// The axes a layout with `fit` (docs/format.md §7.3) computes: there this size is not used,
    /// and the description leaves it out.
    public var fit: LayoutFit?

    public init(label: String, deviceID: String?, orientation: Orientation?, size: Size, safeArea: EdgeInsets, scale: Double? = nil) {
        self.scale = scale
        self.label = label
        self.deviceID = deviceID
        self.orientation = orientation
        self.size = size
        self.safeArea = safeArea
    }

    /// "iPhone SE (3rd generation) portrait (375×667)": how messages name it; for a layout that
    /// fits its height "… (375 wide)", its width "… (667 high)", both "… (size fitted)".
    public var description: String {
        switch fit {
        case nil: return "\(label) (\(NumberFormat.string(size.width))×\(NumberFormat.string(size.height)))"
        case .height?: return "\(label) (\(NumberFormat.string(size.width)) wide)"
        case .width?: return "\(label) (\(NumberFormat.string(size.height)) high)"
        case .both?: return "\(label) (size fitted)"
        }
    }

    /// `sizes` for a layout that fits `fit`, each marked so: of those that differ only on the
    /// fitted axes, the first (the safe area still counts: insets move nodes inside).
    public static func distinct(_ sizes: [DeviceSize], fitting fit: LayoutFit) -> [DeviceSize] {
        var out: [DeviceSize] = []
        for var size in sizes {
            size.fit = fit
            let duplicate = out.contains { kept in
                kept.safeArea == size.safeArea
                    && (fit.fitsWidth || kept.size.width == size.size.width)
                    && (fit.fitsHeight || kept.size.height == size.size.height)
            }
            if !duplicate { out.append(size) }
        }
        return out
    }
}

public enum DeviceMatrix {
    private static func insets(_ t: Double, _ l: Double, _ b: Double, _ r: Double) -> EdgeInsets {
        EdgeInsets(top: t, leading: l, bottom: b, trailing: r)
    }

    /// The built-in devices, narrowest first.
    public static let builtIn: [Device] = [
        Device(id: "iphone-se-3", name: "iPhone SE (3rd generation)", aliases: ["iPhone SE (2nd generation)", "iPhone SE"],
               family: .iPhone, portrait: Size(width: 375, height: 667),
               portraitSafeArea: insets(20, 0, 0, 0), landscapeSafeArea: insets(0, 0, 0, 0), scale: 2),
        Device(id: "iphone-13-mini", name: "iPhone 13 mini", aliases: ["iPhone 12 mini", "iPhone 11 Pro"],
               family: .iPhone, portrait: Size(width: 375, height: 812),
               portraitSafeArea: insets(50, 0, 34, 0), landscapeSafeArea: insets(0, 50, 21, 50), scale: 3),
        Device(id: "iphone-14", name: "iPhone 14", aliases: ["iPhone 16e", "iPhone 13", "iPhone 13 Pro", "iPhone 12"],
               family: .iPhone, portrait: Size(width: 390, height: 844),
               portraitSafeArea: insets(47, 0, 34, 0), landscapeSafeArea: insets(0, 47, 21, 47), scale: 3),
        Device(id: "iphone-16", name: "iPhone 16", aliases: ["iPhone 15", "iPhone 15 Pro", "iPhone 14 Pro"],
               family: .iPhone, portrait: Size(width: 393, height: 852),
               portraitSafeArea: insets(59, 0, 34, 0), landscapeSafeArea: insets(0, 59, 21, 59), scale: 3),
        Device(id: "iphone-16-pro", name: "iPhone 16 Pro", aliases: ["iPhone 17", "iPhone 17 Pro"],
               family: .iPhone, portrait: Size(width: 402, height: 874),
               portraitSafeArea: insets(62, 0, 34, 0), landscapeSafeArea: insets(0, 62, 21, 62), scale: 3),
        Device(id: "iphone-11", name: "iPhone 11", aliases: ["iPhone XR"],
               family: .iPhone, portrait: Size(width: 414, height: 896),
               portraitSafeArea: insets(48, 0, 34, 0), landscapeSafeArea: insets(0, 48, 21, 48), scale: 2),
        Device(id: "iphone-16-plus", name: "iPhone 16 Plus", aliases: ["iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 14 Pro Max"],
               family: .iPhone, portrait: Size(width: 430, height: 932),
               portraitSafeArea: insets(59, 0, 34, 0), landscapeSafeArea: insets(0, 59, 21, 59), scale: 3),
        Device(id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", aliases: ["iPhone 17 Pro Max"],
               family: .iPhone, portrait: Size(width: 440, height: 956),
               portraitSafeArea: insets(62, 0, 34, 0), landscapeSafeArea: insets(0, 62, 21, 62), scale: 3),
        Device(id: "ipad-mini", name: "iPad mini (6th generation)", aliases: ["iPad mini (A17 Pro)", "iPad mini"],
               family: .iPad, portrait: Size(width: 744, height: 1133),
               portraitSafeArea: insets(24, 0, 20, 0), landscapeSafeArea: insets(24, 0, 20, 0), scale: 2),
        Device(id: "ipad-10", name: "iPad (10th generation)", aliases: ["iPad Air 11-inch (M2)", "iPad Air (5th generation)", "iPad (A16)"],
               family: .iPad, portrait: Size(width: 820, height: 1180),
               portraitSafeArea: insets(24, 0, 20, 0), landscapeSafeArea: insets(24, 0, 20, 0), scale: 2),
        Device(id: "ipad-pro-11", name: "iPad Pro 11-inch", aliases: ["iPad Pro 11-inch (4th generation)"],
               family: .iPad, portrait: Size(width: 834, height: 1194),
               portraitSafeArea: insets(24, 0, 20, 0), landscapeSafeArea: insets(24, 0, 20, 0), scale: 2),
        Device(id: "ipad-air-13", name: "iPad Air 13-inch (M2)", aliases: ["iPad Pro 12.9-inch (6th generation)"],
               family: .iPad, portrait: Size(width: 1024, height: 1366),
               portraitSafeArea: insets(24, 0, 20, 0), landscapeSafeArea: insets(24, 0, 20, 0), scale: 2),
        Device(id: "ipad-pro-13", name: "iPad Pro 13-inch (M4)", aliases: [],
               family: .iPad, portrait: Size(width: 1032, height: 1376),
               portraitSafeArea: insets(24, 0, 20, 0), landscapeSafeArea: insets(24, 0, 20, 0), scale: 2),
    ]

    /// The built-in device named `text` (id, name or alias, any case).
    public static func device(named text: String, in devices: [Device] = builtIn) -> Device? {
        devices.first { $0.isNamed(text) }
    }

    /// Every device in the given orientations, in device order, portrait before landscape.
    public static func sizes(of devices: [Device], orientations: Set<Orientation> = Set(Orientation.allCases)) -> [DeviceSize] {
        var out: [DeviceSize] = []
        for device in devices {
            guard let landscape = device.landscapeSafeArea else {
                out.append(DeviceSize(label: device.name, deviceID: device.id, orientation: nil,
                                      size: device.portrait, safeArea: device.portraitSafeArea, scale: device.scale))
                continue
            }
            if orientations.contains(.portrait) {
                out.append(DeviceSize(label: "\(device.name) portrait", deviceID: device.id, orientation: .portrait,
                                      size: device.portrait, safeArea: device.portraitSafeArea, scale: device.scale))
            }
            if orientations.contains(.landscape) {
                out.append(DeviceSize(label: "\(device.name) landscape", deviceID: device.id, orientation: .landscape,
                                      size: Size(width: device.portrait.height, height: device.portrait.width), safeArea: landscape,
                                      scale: device.scale))
            }
        }
        return out
    }

    /// The whole built-in matrix: every device, portrait and landscape.
    public static var all: [DeviceSize] { sizes(of: builtIn) }
}
