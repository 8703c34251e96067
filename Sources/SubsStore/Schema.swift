/// Versioned schema: migration i takes the database from version i to i + 1 (`PRAGMA user_version`).
/// Append only; never edit a shipped migration.
enum Schema {
    static let migrations: [String] = [
        // 1: subscriptions, their price history and tags, settings.
        """
        CREATE TABLE settings (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        CREATE TABLE subscriptions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uid TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            cadence_unit TEXT NOT NULL CHECK (cadence_unit IN ('day','week','month','quarter','year')),
            cadence_count INTEGER NOT NULL CHECK (cadence_count BETWEEN 1 AND 999),
            anchor TEXT NOT NULL,
            started_on TEXT NOT NULL,
            category TEXT,
            notes TEXT,
            payment_method TEXT,
            url TEXT,
            status TEXT NOT NULL CHECK (status IN ('active','paused','cancelled','trial')),
            status_since TEXT,
            trial_until TEXT,
            remind_days TEXT,
            ends_on TEXT,
            notice_days INTEGER,
            share_numerator INTEGER NOT NULL DEFAULT 1,
            share_denominator INTEGER NOT NULL DEFAULT 1,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE prices (
            subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
            effective_on TEXT NOT NULL,
            amount TEXT NOT NULL,
            currency TEXT NOT NULL,
            PRIMARY KEY (subscription_id, effective_on)
        );
        CREATE TABLE tags (
            subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            tag TEXT NOT NULL,
            PRIMARY KEY (subscription_id, tag)
        );
        """,
        // Scanned documents kept with the subscription they created: the bytes, and what was read from them.
        """
        CREATE TABLE documents (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
            file_name TEXT NOT NULL,
            media_type TEXT NOT NULL,
            size INTEGER NOT NULL,
            digest TEXT NOT NULL,
            content BLOB NOT NULL,
            extracted TEXT NOT NULL,
            scanned_at TEXT NOT NULL
        );
        CREATE INDEX documents_subscription ON documents (subscription_id);
        """,
        // Reminders: the delivery log. One row per lead time of an event (lead_days -1: the event as a whole,
        // for snoozes and acks); subscription_id 0 and a subject for events about no one subscription (budgets).
        """
        CREATE TABLE reminder_log (
            subscription_id INTEGER NOT NULL,
            subject TEXT NOT NULL DEFAULT '',
            kind TEXT NOT NULL,
            occurrence TEXT NOT NULL,
            lead_days INTEGER NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('sent','snoozed','acked')),
            until TEXT,
            at TEXT NOT NULL,
            PRIMARY KEY (subscription_id, subject, kind, occurrence, lead_days)
        ) WITHOUT ROWID;
        CREATE INDEX reminder_log_occurrence ON reminder_log (occurrence);
        CREATE TRIGGER reminder_log_forget AFTER DELETE ON subscriptions BEGIN
            DELETE FROM reminder_log WHERE subscription_id = OLD.id;
        END;
        """,
        // Budgets (one per period and category; '' is every subscription) and exchange rates
        // (1 base = rate quote; one row per pair, the newest kept).
        """
        CREATE TABLE budgets (
            period TEXT NOT NULL CHECK (period IN ('monthly','yearly')),
            category TEXT NOT NULL,
            category_key TEXT NOT NULL,
            amount TEXT NOT NULL,
            currency TEXT NOT NULL,
            threshold INTEGER NOT NULL DEFAULT 80 CHECK (threshold BETWEEN 1 AND 100),
            PRIMARY KEY (period, category_key)
        );
        CREATE TABLE exchange_rates (
            base TEXT NOT NULL,
            quote TEXT NOT NULL,
            rate TEXT NOT NULL,
            rate_date TEXT NOT NULL,
            source TEXT NOT NULL,
            PRIMARY KEY (base, quote)
        );
        """,
        // Past pauses of subscriptions resumed since: nothing was charged from paused_on until resumed_on.
        """
        CREATE TABLE pauses (
            subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
            paused_on TEXT NOT NULL,
            resumed_on TEXT NOT NULL,
            CHECK (paused_on < resumed_on)
        );
        CREATE INDEX pauses_subscription ON pauses (subscription_id);
        """,
    ]

    static var currentVersion: Int { migrations.count }
}
