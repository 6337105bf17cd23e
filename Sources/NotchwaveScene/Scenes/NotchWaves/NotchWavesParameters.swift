import NotchwaveModel

/// The notch waves' render parameters (spec section 2): options of the command line and
/// keys of job files like the shared ones (`--period`, `"period"`), declared here beside
/// the scene and scoped to it; `Scenes.parameters` puts them in the registry.
extension NotchWaves {
    /// Their help section, between the scene's and the frame's.
    public static let group = ParameterGroup("Notch waves", rank: 10, describesFrame: true)
    private static let scope = ParameterScope.scenes([name])

    public static let style = Parameter<String>("style", "NAME", "Wave style: \(WaveStyles.all.map { $0.name }.joined(separator: " or ")); see `notchwave styles`",
                                                default: WaveStyles.all[0].name, group: .scene, scope: scope)
    public static let styleOptions = Parameter<OptionList>("styleOptions", flag: "style-option", "KEY=VALUE",
                                                           "A style's own option (repeatable); see `notchwave styles`",
                                                           default: OptionList(), group: .scene, scope: scope)
    public static let period = Parameter<Double>("period", "SECONDS", "Time between wave emissions", default: 0.3,
                                                 in: 0.001...60, unit: "seconds", group: group, scope: scope)
    public static let waves = Parameter<Int>("waves", "N", "Waves in flight; one wave lasts period x waves", default: 3,
                                             in: 1...64, group: group, scope: scope)
    public static let colors = Parameter<TextList>("colors", "LIST", "Wave colours: iOS system names or #RRGGBB[AA], comma-separated (a list in job files)",
                                                   default: TextList(["red", "green", "blue"]), group: group, scope: scope)
    public static let background = Parameter<String?>("background", "COLOR", "Colour under the bar, or transparent",
                                                     defaultText: "white; black with appearance dark", group: group, scope: scope)
    public static let appearance = Parameter<Appearance>("appearance", "light|dark", "Palette of named colours (and the controls' light or dark look)",
                                                         default: .light, group: group, scope: .scenes([name, Controls.name]))
    public static let start = Parameter<Double>("start", "SECONDS", "When the first wave is emitted", default: 0,
                                                in: 0...3600, unit: "seconds", group: group, scope: scope)
    public static let stop = Parameter<Double?>("stop", "SECONDS", "Stop emitting and play the closing wave", defaultText: "none",
                                               in: 0...3600, unit: "seconds", group: group, scope: scope)
    public static let easing = Parameter<EasingCurve?>("easing", "CURVE", "Timing curve: ease-in, super-ease-in, ease-out, ease-in-out, linear or cubic-bezier(x1,y1,x2,y2)",
                                                      defaultText: WaveStyles.all.map { "\(Parameters.describe($0.defaultEasing.json)) (\($0.name))" }.joined(separator: ", "),
                                                      group: group, scope: scope)
    public static let cycle = Parameter<Double>("cycle", "SECONDS", "Loop length of the smooth style's clock", default: 1,
                                                in: 0.001...60, unit: "seconds", group: group, scope: .styles(["smooth"]))
    public static let region = Parameter<Region>("region", "screen|bar", "Whole screen, or only the top strip down to the bar's bottom",
                                                 default: .screen, group: .frame, scope: scope)
    public static let cutout = Parameter<Bool>(switch: "cutout", "Draw the black notch / island", default: true,
                                               offHelp: "Do not draw the black notch / island (job files: \"cutout\": false)", group: .frame,
                                               scope: scope)

    /// The notch waves' render parameters, in help order.
    public static let parameters: [any AnyParameter] = [style, styleOptions, period, waves, colors, background, appearance, start, stop,
                                                        easing, cycle, region, cutout]
}
