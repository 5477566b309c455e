import GRDB

extension AppDatabase {
    /// Versioned schema changes. A migration may add or transform, never drop user data; once
    /// shipped, a migration is never edited (add a new one instead).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-templates") { db in
            try db.execute(sql: """
                CREATE TABLE template (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    icon TEXT NOT NULL,
                    body TEXT NOT NULL,
                    location_mode TEXT NOT NULL DEFAULT 'none',
                    silent INTEGER NOT NULL DEFAULT 0,
                    sort_order INTEGER NOT NULL,
                    created_at_ms INTEGER NOT NULL,
                    updated_at_ms INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX template_name ON template(name COLLATE NOCASE);
                CREATE INDEX template_order ON template(sort_order, name);
                CREATE TABLE template_target (
                    template_id TEXT NOT NULL REFERENCES template(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    chat_id INTEGER NOT NULL,
                    topic_id INTEGER,
                    chat_title TEXT NOT NULL,
                    topic_title TEXT,
                    PRIMARY KEY (template_id, position)
                );
                CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("v2-sends-and-chats") { db in
            try db.execute(sql: """
                CREATE TABLE send_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    batch_id TEXT NOT NULL,
                    template_id TEXT,
                    template_name TEXT NOT NULL,
                    chat_id INTEGER NOT NULL,
                    topic_id INTEGER,
                    target_title TEXT NOT NULL,
                    status TEXT NOT NULL,
                    error TEXT,
                    message_id INTEGER,
                    queued_at_ms INTEGER NOT NULL,
                    updated_at_ms INTEGER NOT NULL
                );
                CREATE INDEX send_log_recent ON send_log(queued_at_ms DESC, id DESC);
                CREATE INDEX send_log_batch ON send_log(batch_id);
                CREATE TABLE chat (
                    id INTEGER PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL,
                    title TEXT NOT NULL,
                    member_count INTEGER NOT NULL DEFAULT 0,
                    is_forum INTEGER NOT NULL DEFAULT 0,
                    list_order INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE forum_topic (
                    chat_id INTEGER NOT NULL REFERENCES chat(id) ON DELETE CASCADE,
                    topic_id INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    PRIMARY KEY (chat_id, topic_id)
                );
                """)
        }
        migrator.registerMigration("v3-send-queue-and-revision") { db in
            // Taps from widgets, CarPlay, Siri and links wait here (in the shared App Group
            // store) until the app with its Telegram session sends them, oldest first.
            // `revision` counts template changes so widgets refresh on any edit, from any process.
            try db.execute(sql: """
                CREATE TABLE send_job (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    template_id TEXT NOT NULL,
                    template_name TEXT NOT NULL,
                    source TEXT NOT NULL,
                    variables TEXT NOT NULL DEFAULT '{}',
                    state TEXT NOT NULL,
                    batch_id TEXT,
                    error TEXT,
                    created_at_ms INTEGER NOT NULL,
                    updated_at_ms INTEGER NOT NULL
                );
                CREATE INDEX send_job_state ON send_job(state, seq);
                CREATE TABLE revision (name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
                INSERT INTO revision (name, value) VALUES ('templates', 0);
                CREATE TRIGGER template_inserted AFTER INSERT ON template BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER template_updated AFTER UPDATE ON template BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER template_deleted AFTER DELETE ON template BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER target_inserted AFTER INSERT ON template_target BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER target_updated AFTER UPDATE ON template_target BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER target_deleted AFTER DELETE ON template_target BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                """)
        }
        migrator.registerMigration("v4-send-log-fingerprint") { db in
            // A fingerprint of the text handed to TDLib, so that a later process can recognise
            // the message among those TDLib resends after a crash (it gets a new temporary id).
            try db.execute(sql: """
                ALTER TABLE send_log ADD COLUMN text_digest TEXT;
                CREATE INDEX send_log_unfinished ON send_log(status) WHERE status IN ('queued', 'sending');
                """)
        }
        migrator.registerMigration("v5-template-kinds") { db in
            // Templates for other apps (email, text message, X): existing rows stay Telegram
            // templates. Recipients are JSON arrays of strings. Send log rows record the kind so
            // drafts handed to another app read as "handed over", never as "sent".
            try db.execute(sql: """
                ALTER TABLE template ADD COLUMN kind TEXT NOT NULL DEFAULT 'telegram';
                ALTER TABLE template ADD COLUMN subject TEXT NOT NULL DEFAULT '';
                ALTER TABLE template ADD COLUMN recipients_to TEXT NOT NULL DEFAULT '[]';
                ALTER TABLE template ADD COLUMN recipients_cc TEXT NOT NULL DEFAULT '[]';
                CREATE INDEX template_kind ON template(kind);
                ALTER TABLE send_log ADD COLUMN kind TEXT NOT NULL DEFAULT 'telegram';
                """)
        }
        migrator.registerMigration("v6-timers") { db in
            // Timers keep their state as dates: `state` is idle, running (ends_at_ms), paused
            // (remaining_ms) or completed (completed_at_ms). A completion action names a
            // template (cleared if it is deleted) with its custom values as a JSON object.
            // Timer changes move the same revision widgets watch.
            try db.execute(sql: """
                CREATE TABLE timer (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    duration_s INTEGER NOT NULL CHECK (duration_s BETWEEN 1 AND 359999),
                    icon TEXT NOT NULL,
                    color TEXT NOT NULL,
                    state TEXT NOT NULL DEFAULT 'idle' CHECK (state IN ('idle', 'running', 'paused', 'completed')),
                    ends_at_ms INTEGER,
                    remaining_ms INTEGER,
                    completed_at_ms INTEGER,
                    notes TEXT NOT NULL DEFAULT '',
                    action_template_id TEXT REFERENCES template(id) ON DELETE SET NULL,
                    action_values TEXT NOT NULL DEFAULT '{}',
                    remind_me INTEGER NOT NULL DEFAULT 0,
                    sort_order INTEGER NOT NULL,
                    created_at_ms INTEGER NOT NULL,
                    updated_at_ms INTEGER NOT NULL
                );
                CREATE INDEX timer_order ON timer(sort_order, name);
                CREATE INDEX timer_running ON timer(ends_at_ms) WHERE state = 'running';
                CREATE TABLE timer_todo (
                    id TEXT PRIMARY KEY NOT NULL,
                    timer_id TEXT NOT NULL REFERENCES timer(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    text TEXT NOT NULL,
                    done INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX timer_todo_order ON timer_todo(timer_id, position);
                CREATE TRIGGER timer_inserted AFTER INSERT ON timer BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER timer_updated AFTER UPDATE ON timer BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER timer_deleted AFTER DELETE ON timer BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER timer_todo_inserted AFTER INSERT ON timer_todo BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER timer_todo_updated AFTER UPDATE ON timer_todo BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                CREATE TRIGGER timer_todo_deleted AFTER DELETE ON timer_todo BEGIN UPDATE revision SET value = value + 1 WHERE name = 'templates'; END;
                """)
        }
        migrator.registerMigration("v7-scheduled-sends") { db in
            // Messages scheduled on Telegram's servers are send log rows with the moment
            // Telegram posts them: a timer's completion message (timer_id) or a "send later".
            // `payload` keeps what will be posted (formatted text, location, silent) so any
            // process can schedule it; `scheduled_ids` keeps Telegram's ids of the scheduled
            // messages (text and location) while they wait. New statuses: scheduled,
            // cancelling (to be deleted on Telegram) and cancelled. Existing rows are untouched.
            try db.execute(sql: """
                ALTER TABLE send_log ADD COLUMN scheduled_for_ms INTEGER;
                ALTER TABLE send_log ADD COLUMN timer_id TEXT;
                ALTER TABLE send_log ADD COLUMN payload TEXT;
                ALTER TABLE send_log ADD COLUMN scheduled_ids TEXT NOT NULL DEFAULT '[]';
                CREATE INDEX send_log_scheduled ON send_log(scheduled_for_ms) WHERE scheduled_for_ms IS NOT NULL;
                CREATE INDEX send_log_timer ON send_log(timer_id, scheduled_for_ms) WHERE timer_id IS NOT NULL;
                """)
        }
        migrator.registerMigration("v8-send-replies") { db in
            // Replies other people sent to a message a template posted ("Mum replied: …"):
            // one row per reply, kept with its send; a reply is recorded once. Existing rows
            // are untouched.
            try db.execute(sql: """
                CREATE TABLE send_reply (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    send_id INTEGER NOT NULL REFERENCES send_log(id) ON DELETE CASCADE,
                    chat_id INTEGER NOT NULL,
                    message_id INTEGER NOT NULL,
                    sender_name TEXT NOT NULL,
                    preview TEXT NOT NULL,
                    received_at_ms INTEGER NOT NULL,
                    UNIQUE (chat_id, message_id)
                );
                CREATE INDEX send_reply_send ON send_reply(send_id);
                CREATE INDEX send_log_message ON send_log(chat_id, message_id) WHERE message_id IS NOT NULL;
                """)
        }
        migrator.registerMigration("v9-chat-post-rights") { db in
            // The directory of template targets grows from groups to every chat you can write
            // to (Saved Messages, private chats, channels you may post in); chats you cannot
            // post in are kept with the reason. Cached rows stay (NULL: may post) until the next
            // refresh replaces them.
            try db.execute(sql: "ALTER TABLE chat ADD COLUMN cannot_post TEXT")
        }
        migrator.registerMigration("v10-chat-post-refusal-codes") { db in
            // Why a chat refuses posts is kept as a code (`PostRefusal`), so that each face words
            // it in the person's language. The English sentences v9 stored become their codes;
            // one this build does not know becomes 'other' (still refused).
            try db.execute(sql: """
                UPDATE chat SET cannot_post = CASE cannot_post
                    WHEN 'this account was deleted.' THEN 'deleted_account'
                    WHEN 'secret chats live only on the device that started them.' THEN 'secret_chat'
                    WHEN 'this kind of chat is not supported.' THEN 'unsupported_chat'
                    WHEN 'this group was upgraded to a supergroup; use the new one.' THEN 'upgraded_group'
                    WHEN 'your admin rights in this channel do not include posting.' THEN 'admin_cannot_post'
                    WHEN 'only the channel''s admins can post.' THEN 'channel_admins_only'
                    WHEN 'you are not a member any more.' THEN 'not_member'
                    WHEN 'you were removed from it.' THEN 'banned'
                    WHEN 'its admins do not let you post.' THEN 'restricted'
                    WHEN 'its admins do not let members post.' THEN 'members_muted'
                    ELSE 'other' END
                WHERE cannot_post IS NOT NULL
                """)
        }
        migrator.registerMigration("v11-change-revisions") { db in
            // One counter per area that open screens follow (`StoreChangeFeed`): every write by
            // any process moves its area's counter in the same transaction, so a dashboard sees
            // a `tgt` command's change, and the app a widget's. The widgets' 'templates'
            // revision is untouched. Existing rows are untouched.
            try db.execute(sql: """
                INSERT INTO revision (name, value) VALUES
                    ('change.templates', 0), ('change.timers', 0), ('change.scheduled', 0), ('change.sends', 0), ('change.replies', 0)
                    ON CONFLICT(name) DO NOTHING;
                CREATE TRIGGER change_template_insert AFTER INSERT ON template BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.templates'; END;
                CREATE TRIGGER change_template_update AFTER UPDATE ON template BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.templates'; END;
                CREATE TRIGGER change_template_delete AFTER DELETE ON template BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.templates'; END;
                CREATE TRIGGER change_template_target_insert AFTER INSERT ON template_target BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.templates'; END;
                CREATE TRIGGER change_template_target_update AFTER UPDATE ON template_target BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.templates'; END;
                CREATE TRIGGER change_template_target_delete AFTER DELETE ON template_target BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.templates'; END;
                CREATE TRIGGER change_timer_insert AFTER INSERT ON timer BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.timers'; END;
                CREATE TRIGGER change_timer_update AFTER UPDATE ON timer BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.timers'; END;
                CREATE TRIGGER change_timer_delete AFTER DELETE ON timer BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.timers'; END;
                CREATE TRIGGER change_timer_todo_insert AFTER INSERT ON timer_todo BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.timers'; END;
                CREATE TRIGGER change_timer_todo_update AFTER UPDATE ON timer_todo BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.timers'; END;
                CREATE TRIGGER change_timer_todo_delete AFTER DELETE ON timer_todo BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.timers'; END;
                CREATE TRIGGER change_send_reply_insert AFTER INSERT ON send_reply BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.replies'; END;
                CREATE TRIGGER change_send_reply_update AFTER UPDATE ON send_reply BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.replies'; END;
                CREATE TRIGGER change_send_reply_delete AFTER DELETE ON send_reply BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.replies'; END;
                CREATE TRIGGER change_send_log_insert AFTER INSERT ON send_log BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.sends'; END;
                CREATE TRIGGER change_scheduled_insert AFTER INSERT ON send_log WHEN NEW.scheduled_for_ms IS NOT NULL BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                CREATE TRIGGER change_send_log_update AFTER UPDATE ON send_log BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.sends'; END;
                CREATE TRIGGER change_scheduled_update AFTER UPDATE ON send_log WHEN NEW.scheduled_for_ms IS NOT NULL BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                CREATE TRIGGER change_send_log_delete AFTER DELETE ON send_log BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.sends'; END;
                CREATE TRIGGER change_scheduled_delete AFTER DELETE ON send_log WHEN OLD.scheduled_for_ms IS NOT NULL BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                """)
        }
        migrator.registerMigration("v12-repeat-series") { db in
            // Repeating sends (`RepeatSeries`): one row per series with its rule, values and
            // where its planning stands. Each occurrence is an ordinary scheduled send log row
            // with `series_id` and its `occurrence` number; a row taken back to make room or
            // after a change (`withdrawn`) is scheduled again later and does not count as the
            // occurrence. Existing rows are untouched.
            try db.execute(sql: """
                CREATE TABLE repeat_series (
                    id TEXT PRIMARY KEY,
                    template_id TEXT NOT NULL,
                    template_name TEXT NOT NULL,
                    rule TEXT NOT NULL,
                    variables TEXT NOT NULL DEFAULT '{}',
                    latitude REAL,
                    longitude REAL,
                    silent INTEGER,
                    status TEXT NOT NULL DEFAULT 'active',
                    skipped TEXT NOT NULL DEFAULT '[]',
                    index_base INTEGER NOT NULL DEFAULT 0,
                    next_index INTEGER NOT NULL DEFAULT 0,
                    plan_at_ms INTEGER,
                    plan_key TEXT NOT NULL DEFAULT '',
                    version INTEGER NOT NULL DEFAULT 1,
                    created_at_ms INTEGER NOT NULL,
                    updated_at_ms INTEGER NOT NULL
                );
                ALTER TABLE send_log ADD COLUMN series_id TEXT;
                ALTER TABLE send_log ADD COLUMN occurrence INTEGER;
                ALTER TABLE send_log ADD COLUMN withdrawn INTEGER NOT NULL DEFAULT 0;
                CREATE UNIQUE INDEX send_log_series_once ON send_log(series_id, occurrence, chat_id, IFNULL(topic_id, 0))
                    WHERE series_id IS NOT NULL AND withdrawn = 0;
                CREATE TRIGGER change_series_insert AFTER INSERT ON repeat_series BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                CREATE TRIGGER change_series_update AFTER UPDATE ON repeat_series BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                CREATE TRIGGER change_series_delete AFTER DELETE ON repeat_series BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                """)
        }
        migrator.registerMigration("v13-undo-holds") { db in
            // The undo hold: a one-tap send waits `hold_until_ms` as send log rows with status
            // 'held' (their prepared message in `payload`) before anything reaches TDLib; undone
            // rows end 'undone'. A queued tap of the app in its hold is 'held' with the same
            // moment (`send_job.hold_until_ms`), for its widget's countdown and Undo. Existing
            // rows are untouched.
            try db.execute(sql: """
                ALTER TABLE send_log ADD COLUMN hold_until_ms INTEGER;
                ALTER TABLE send_job ADD COLUMN hold_until_ms INTEGER;
                CREATE INDEX send_log_held ON send_log(hold_until_ms) WHERE status = 'held';
                """)
        }
        migrator.registerMigration("v14-trigger-links") { db in
            // Trigger links (`TriggerRecord`): a secret link bound to one template, kept as the
            // digest of its secret only, with its policy and the moments of its sends of the
            // last 24 hours (for its rate limit). Removed with their template. Existing rows are
            // untouched.
            try db.execute(sql: """
                CREATE TABLE trigger_link (
                    id TEXT PRIMARY KEY,
                    template_id TEXT NOT NULL REFERENCES template(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    secret_digest TEXT NOT NULL UNIQUE,
                    policy TEXT NOT NULL,
                    uses TEXT NOT NULL DEFAULT '[]',
                    use_count INTEGER NOT NULL DEFAULT 0,
                    last_used_ms INTEGER,
                    created_at_ms INTEGER NOT NULL,
                    revoked_at_ms INTEGER
                );
                CREATE INDEX trigger_link_template ON trigger_link(template_id);
                """)
        }
        migrator.registerMigration("v15-away-replies") { db in
            // Away replies: when each person was last answered (kept across restarts, so a
            // restart never answers twice within the quiet hours), every answer's moment (for
            // the hourly cap), and what sent a send log row when no person tapped. Existing rows
            // are untouched.
            try db.execute(sql: """
                CREATE TABLE away_answer (
                    user_id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    last_answered_ms INTEGER NOT NULL
                );
                CREATE TABLE away_answer_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    at_ms INTEGER NOT NULL
                );
                CREATE INDEX away_answer_log_at ON away_answer_log(at_ms);
                ALTER TABLE send_log ADD COLUMN origin TEXT;
                """)
        }
        migrator.registerMigration("v16-place-rules") { db in
            // Arriving and leaving: a template's place rule (`PlaceRule` as JSON, null for none)
            // and, per template, what the phone last knew of its circle (inside, outside) and
            // when the rule last sent, so a relaunch never takes the first report for a
            // crossing and a window holds across launches. Existing rows are untouched.
            try db.execute(sql: """
                ALTER TABLE template ADD COLUMN place TEXT;
                CREATE TABLE place_watch (
                    template_id TEXT PRIMARY KEY REFERENCES template(id) ON DELETE CASCADE,
                    region TEXT NOT NULL,
                    state TEXT NOT NULL,
                    changed_at_ms INTEGER NOT NULL,
                    last_sent_ms INTEGER
                );
                """)
        }
        migrator.registerMigration("v17-snippets") { db in
            // Each message a snippet acted on (expanded, or left as typed with a reason),
            // claimed before anything is done, so no message is acted on twice, restarts
            // included. Rows older than 30 days are dropped as new ones come.
            try db.execute(sql: """
                CREATE TABLE snippet_claim (
                    chat_id INTEGER NOT NULL,
                    message_id INTEGER NOT NULL,
                    at_ms INTEGER NOT NULL,
                    PRIMARY KEY (chat_id, message_id)
                ) WITHOUT ROWID;
                CREATE INDEX snippet_claim_at ON snippet_claim(at_ms);
                """)
        }
        migrator.registerMigration("v18-webhooks") { db in
            // Webhooks (`WebhookEndpoint`), their delivery log, and the outbox that feeds it:
            // triggers put a row in the outbox in the same transaction as the write that is an
            // event (a send reaching its outcome, from any face or process; an origin set on a
            // finished send; a trigger link used), only while a webhook exists, so no event is
            // lost to a crash and none is recorded for nobody. Secrets live in 0600 files
            // (`WebhookSecrets`), never here. Existing rows are untouched.
            try db.execute(sql: """
                CREATE TABLE webhook (
                    id TEXT PRIMARY KEY NOT NULL,
                    url TEXT NOT NULL,
                    events TEXT NOT NULL,
                    include_text INTEGER NOT NULL DEFAULT 0,
                    secret_hint TEXT NOT NULL,
                    created_at_ms INTEGER NOT NULL
                );
                CREATE TABLE webhook_outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    source TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    at_ms INTEGER NOT NULL
                );
                CREATE TABLE webhook_delivery (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    webhook_id TEXT NOT NULL REFERENCES webhook(id) ON DELETE CASCADE,
                    event TEXT NOT NULL,
                    event_id TEXT NOT NULL,
                    dedupe_key TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_ms INTEGER,
                    last_status INTEGER,
                    last_error TEXT,
                    created_at_ms INTEGER NOT NULL,
                    updated_at_ms INTEGER NOT NULL,
                    UNIQUE (webhook_id, dedupe_key)
                );
                CREATE INDEX webhook_delivery_due ON webhook_delivery(state, next_attempt_ms);
                CREATE INDEX webhook_delivery_recent ON webhook_delivery(webhook_id, created_at_ms);
                CREATE TRIGGER webhook_outbox_send_insert AFTER INSERT ON send_log
                    WHEN NEW.status IN ('sent', 'failed') AND EXISTS (SELECT 1 FROM webhook)
                    BEGIN INSERT INTO webhook_outbox (source, source_id, at_ms) VALUES ('send', NEW.id, NEW.updated_at_ms); END;
                CREATE TRIGGER webhook_outbox_send_status AFTER UPDATE OF status ON send_log
                    WHEN NEW.status IN ('sent', 'failed') AND OLD.status IS NOT NEW.status AND EXISTS (SELECT 1 FROM webhook)
                    BEGIN INSERT INTO webhook_outbox (source, source_id, at_ms) VALUES ('send', NEW.id, NEW.updated_at_ms); END;
                CREATE TRIGGER webhook_outbox_send_origin AFTER UPDATE OF origin ON send_log
                    WHEN NEW.status IN ('sent', 'failed') AND OLD.origin IS NULL AND NEW.origin IS NOT NULL AND EXISTS (SELECT 1 FROM webhook)
                    BEGIN INSERT INTO webhook_outbox (source, source_id, at_ms) VALUES ('send', NEW.id, NEW.updated_at_ms); END;
                CREATE TRIGGER webhook_outbox_trigger_use AFTER UPDATE OF use_count ON trigger_link
                    WHEN NEW.use_count > OLD.use_count AND EXISTS (SELECT 1 FROM webhook)
                    BEGIN INSERT INTO webhook_outbox (source, source_id, at_ms) VALUES ('trigger', NEW.id, COALESCE(NEW.last_used_ms, 0)); END;
                INSERT INTO revision (name, value) VALUES ('change.webhooks', 0) ON CONFLICT(name) DO NOTHING;
                CREATE TRIGGER change_webhook_insert AFTER INSERT ON webhook BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.webhooks'; END;
                CREATE TRIGGER change_webhook_delete AFTER DELETE ON webhook BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.webhooks'; END;
                CREATE TRIGGER change_webhook_outbox_insert AFTER INSERT ON webhook_outbox BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.webhooks'; END;
                CREATE TRIGGER change_webhook_delivery_insert AFTER INSERT ON webhook_delivery BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.webhooks'; END;
                CREATE TRIGGER change_webhook_delivery_update AFTER UPDATE ON webhook_delivery BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.webhooks'; END;
                """)
        }
        migrator.registerMigration("v19-webhook-chats") { db in
            // The chats a webhook follows for `message.received` and `chat.read`, as a comma
            // list of chat ids (empty: none). Existing webhooks follow none.
            try db.execute(sql: "ALTER TABLE webhook ADD COLUMN chat_ids TEXT NOT NULL DEFAULT ''")
        }
        migrator.registerMigration("v20-follow-ups") { db in
            // Follow-ups: a condition on one sent message (one send log row) and what to do
            // when it holds. `waiting` until the send is out with its message id, `watching`
            // until decided, `firing` while its action runs (claimed once), then `fired`,
            // `met`, `expired`, `unknowable`, `cancelled` or `failed` with the reason. Reads
            // and replies seen are kept on the row, so a restart judges with what was seen.
            // Every change moves `change.scheduled` (Scheduled shows them); a fire queues the
            // `follow_up.fired` webhook event. Existing rows are untouched.
            try db.execute(sql: """
                CREATE TABLE follow_up (
                    id TEXT PRIMARY KEY NOT NULL,
                    send_id INTEGER NOT NULL REFERENCES send_log(id) ON DELETE CASCADE,
                    chat_id INTEGER NOT NULL,
                    topic_id INTEGER,
                    target_title TEXT NOT NULL,
                    template_name TEXT NOT NULL,
                    condition TEXT NOT NULL,
                    within_s INTEGER NOT NULL,
                    action TEXT NOT NULL,
                    action_template_id TEXT,
                    state TEXT NOT NULL,
                    message_id INTEGER,
                    started_at_ms INTEGER,
                    read_at_ms INTEGER,
                    read_undated TEXT,
                    reply_at_ms INTEGER,
                    reply_unknown TEXT,
                    reason TEXT,
                    fired_batch TEXT,
                    created_at_ms INTEGER NOT NULL,
                    updated_at_ms INTEGER NOT NULL
                );
                CREATE INDEX follow_up_live ON follow_up(state, chat_id) WHERE state IN ('waiting', 'watching', 'firing');
                CREATE INDEX follow_up_recent ON follow_up(updated_at_ms);
                CREATE TRIGGER change_follow_up_insert AFTER INSERT ON follow_up BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                CREATE TRIGGER change_follow_up_update AFTER UPDATE ON follow_up BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                CREATE TRIGGER change_follow_up_delete AFTER DELETE ON follow_up BEGIN UPDATE revision SET value = value + 1 WHERE name = 'change.scheduled'; END;
                CREATE TRIGGER webhook_outbox_follow_up_fired AFTER UPDATE OF state ON follow_up
                    WHEN NEW.state = 'fired' AND OLD.state IS NOT 'fired' AND EXISTS (SELECT 1 FROM webhook)
                    BEGIN INSERT INTO webhook_outbox (source, source_id, at_ms) VALUES ('follow_up', NEW.id, NEW.updated_at_ms); END;
                """)
        }
        migrator.registerMigration("v21-series-follow-ups") { db in
            // A repeating series may carry a follow-up: every occurrence it plans gets one
            // (`follow_up` rows, as a single send's), judged from when that occurrence posts.
            // The condition, the wait and the template it sends (NULL: a reminder); no
            // condition: none. Existing series carry none.
            try db.execute(sql: """
                ALTER TABLE repeat_series ADD COLUMN follow_up_condition TEXT;
                ALTER TABLE repeat_series ADD COLUMN follow_up_within_s INTEGER;
                ALTER TABLE repeat_series ADD COLUMN follow_up_template_id TEXT;
                """)
        }
        return migrator
    }
}
