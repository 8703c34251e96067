public enum SubsCommand { public static func mainWithCleanErrors() async {} }
