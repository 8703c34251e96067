import SubsCLI

@main
enum Entrypoint {
    static func main() async { await SubsCommand.mainWithCleanErrors() }
}
