import SubsCLI
import SubsCLIFull

@main
enum Entrypoint {
    static func main() {
        SubsCLIFull.install()
        SubsCommand.mainWithCleanErrors()
    }
}
