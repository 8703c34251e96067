import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct BudgetCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "budget",
            abstract: "Spending limits per month or year, for everything or a category, and where they stand.",
            discussion: """
                State: ok; approaching when the projection for the period (charged so far plus still to come) \
                reaches the threshold (80% unless set with --threshold); exceeded when it is over the limit.
                """,
            subcommands: [Status.self, Set.self, Remove.self],
            defaultSubcommand: Status.self)

        struct Status: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "status", abstract: "Show every budget's current period (the default).")

            @OptionGroup var global: GlobalOptions
            @Flag(help: "Exit with status 1 when a budget is exceeded (for scripts and reminders).") var check = false
            @OptionGroup var format: FormatOptions

            func run() throws {
                let ctx = try Context(global)
                let (subs, budgets, rates) = try ctx.openStore().read { tx in
                    (try tx.subscriptions(), try tx.budgets(), RateTable(try tx.exchangeRates()))
                }
                let statuses = BudgetStatus.evaluate(budgets, subscriptions: subs, today: ctx.today, rates: rates)
                func pct(_ s: BudgetStatus) -> String { Money.plain(s.percent, scale: 1) }
                if format.json {
                    ctx.output.printJSON(.array(statuses.map { s in
                        .object([
                            ("category", .optional(s.budget.category)), ("period", .string(s.budget.period.rawValue)),
                            ("from", .string(s.from.description)), ("through", .string(s.through.description)),
                            ("limit", .string(s.budget.limit.plainString)), ("currency", .string(s.budget.limit.currency.code)),
                            ("charged", .string(Money(s.charged, s.budget.limit.currency).plainString)),
                            ("projected", .string(Money(s.projected, s.budget.limit.currency).plainString)),
                            ("remaining", .string(Money(s.budget.limit.amount - s.projected, s.budget.limit.currency).plainString)),
                            ("percent", .string(pct(s))), ("threshold", .int(s.budget.threshold)), ("state", .string(s.state.rawValue)),
                            ("unconverted", AmountsFormat.json(Amounts(s.unconverted))),
                        ])
                    }))
                } else if format.csv {
                    ctx.output.printCSV(
                        header: ["category", "period", "from", "through", "limit", "currency", "charged", "projected", "percent", "threshold", "state"],
                        rows: statuses.map { s in
                            let c = s.budget.limit.currency
                            return [s.budget.category ?? "", s.budget.period.rawValue, s.from.description, s.through.description,
                                    s.budget.limit.plainString, c.code, Money(s.charged, c).plainString, Money(s.projected, c).plainString,
                                    pct(s), String(s.budget.threshold), s.state.rawValue]
                        })
                } else if statuses.isEmpty {
                    Output.note("No budgets yet. Set one: subs budget set 100 [--period monthly|yearly] [--category C]")
                } else {
                    let out = ctx.output
                    func label(_ s: BudgetStatus) -> String {
                        "\(s.budget.label) \(s.budget.period == .monthly ? String(s.from.description.prefix(7)) : String(s.from.year))"
                    }
                    func color(_ st: BudgetStatus.State) -> (String) -> String {
                        switch st {
                        case .ok: out.green
                        case .approaching: out.yellow
                        case .exceeded: out.red
                        }
                    }
                    print(BarChart(
                        rows: statuses.map { s in
                            let c = s.budget.limit.currency
                            return .init(label: label(s), value: s.percent, cells: [
                                Money(s.charged, c).displayString, Money(s.projected, c).displayString, s.budget.limit.displayString,
                                pct(s) + "%", s.state.rawValue,
                            ], color: color(s.state))
                        },
                        fullScale: max(100, statuses.map(\.percent).max() ?? 100),
                        header: ["BUDGET", "CHARGED", "PROJECTED", "LIMIT", "%", "STATE"]
                    ).render(out))
                    for s in statuses where !s.unconverted.isEmpty {
                        Output.note("note: \(label(s)) leaves out " + s.unconverted.map(\.displayString).joined(separator: " + ")
                            + ": no rate to \(s.budget.limit.currency.code); set one: subs rates set \(s.unconverted[0].currency.code) RATE --base \(s.budget.limit.currency.code)")
                    }
                }
                if check && statuses.contains(where: { $0.state == .exceeded }) {
                    if !format.json && !format.csv {
                        Output.note("over budget: " + statuses.filter { $0.state == .exceeded }.map { "\($0.budget.label) (\($0.budget.period.rawValue))" }.joined(separator: ", "))
                    }
                    throw ExitCode.failure
                }
            }
        }

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "set",
                abstract: "Set the limit of a budget (replaces the one of the same period and category).")

            @OptionGroup var global: GlobalOptions
            @Argument(help: ArgumentHelp("The limit, like 100, 99.50 or '120 EUR'.", valueName: "amount")) var amount: String
            @Option(help: "monthly or yearly (default monthly).", completion: .list(["monthly", "yearly"])) var period = "monthly"
            @Option(help: ArgumentHelp("Only this category (default: every subscription).", valueName: "name")) var category: String?
            @Option(help: ArgumentHelp("Currency of the limit (default: the amount's, else the main currency).", valueName: "code")) var currency: String?
            @Option(help: ArgumentHelp("Percent of the limit at which it is 'approaching' (default 80).", valueName: "percent")) var threshold: Int?

            func run() throws {
                let ctx = try Context(global)
                let b = try ctx.openStore().write { tx in
                    let b = try SubsCore.Budget.make(limit: amount, currency: currency, period: period, category: category,
                                                     threshold: threshold, settings: try Settings.load(from: tx))
                    try tx.setBudget(b)
                    return b
                }
                print("Budget \(b.label) \(b.period.rawValue): \(b.limit.displayString) (approaching at \(b.threshold)%).")
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a budget.")

            @OptionGroup var global: GlobalOptions
            @Option(help: "monthly or yearly (default monthly).", completion: .list(["monthly", "yearly"])) var period = "monthly"
            @Option(help: ArgumentHelp("The budget's category (default: the one for every subscription).", valueName: "name")) var category: String?

            func run() throws {
                let ctx = try Context(global)
                guard let p = SubsCore.Budget.Period(rawValue: period.lowercased()) else {
                    throw SubsError.usage("unknown budget period '\(period)'; use monthly or yearly")
                }
                let removed = try ctx.openStore().write { tx in try tx.deleteBudget(period: p, category: category) }
                let label = category ?? "all"
                guard removed else {
                    throw SubsError.notFound("no \(p.rawValue) budget for \(label); 'subs budget' lists them")
                }
                print("Removed the \(p.rawValue) budget for \(label).")
            }
        }
    }
}
