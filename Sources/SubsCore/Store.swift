/// What the domain needs from storage. Adapters (SubsStore) implement it; every command's writes
/// happen inside one `write` call, which is one transaction.
///
/// Other concerns (budgets, reminders, ...) add their own protocols, which the adapter's transaction
/// type also adopts; `Transaction` is that concrete type, so callers see all of them.
public protocol SubscriptionStore: AnyObject {
    associatedtype Transaction: StoreTransaction
    func read<T>(_ body: (Transaction) throws -> T) throws -> T
    func write<T>(_ body: (Transaction) throws -> T) throws -> T
}

public protocol StoreTransaction {
    /// All subscriptions, ordered by id, with their price history and tags.
    func subscriptions() throws -> [Subscription]
    func subscription(id: Int) throws -> Subscription?
    /// Stores a new subscription (or one with a given id, for import) and returns its id.
    func insert(_ s: Subscription) throws -> Int
    func update(_ s: Subscription) throws
    func delete(id: Int) throws
    func setting(_ key: String) throws -> String?
    func setSetting(_ key: String, to value: String?) throws
}
