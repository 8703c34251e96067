import SubsCLI

@main
enum Entrypoint {
    static func main() { SubsCommand.mainWithCleanErrors() }
}
