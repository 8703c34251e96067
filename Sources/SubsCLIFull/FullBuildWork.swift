import SubsCLI
import SubsCore
import SubsHTTP

/// A command whose work needs the libraries only `subs-full` links; its options are declared in SubsCLI.
protocol FullBuildWork {
    func runInFullBuild() throws
}

public enum SubsCLIFull {
    /// Gives SubsCLI what only the full build has; `subs-full`'s entry point calls it first.
    public static func install() {
        FullBuild.parts = FullBuild.Parts(
            http: { HTTPClient() },
            run: { command in
                guard let work = command as? any FullBuildWork else {
                    throw SubsError(.failure, "internal error: \(type(of: command)) has no work in subs-full")
                }
                try work.runInFullBuild()
            })
    }
}
