import Storage

/// The full-text index over message bodies (schema step 6): a contentless FTS5 table keyed by
/// message id, holding `SearchTerms` (character bigrams) rather than the body itself, so it costs
/// the terms' index and no second copy of the text. Triggers keep it in step with every write
/// to `messages`, whoever makes it; the step indexes the messages already there.
///
/// Contentless: FTS5 stores no text, so a row can only be removed by giving its terms again
/// ('delete' with `search_terms(old.body)`, which is deterministic). Search joins each hit back
/// to `messages`, so a message missing from the table is never a result either way.
///
/// Public so that `tteok-bench` can time the step itself on its million-message file.
public enum MessageSearchIndex {
    public static let schema = """
        CREATE VIRTUAL TABLE message_search USING fts5(terms, content='', prefix='1', tokenize='unicode61');
        INSERT INTO message_search(rowid, terms) SELECT id, search_terms(body) FROM messages WHERE image_id IS NULL;
        CREATE TRIGGER message_search_insert AFTER INSERT ON messages WHEN new.image_id IS NULL BEGIN
            INSERT INTO message_search(rowid, terms) VALUES (new.id, search_terms(new.body));
        END;
        CREATE TRIGGER message_search_delete AFTER DELETE ON messages WHEN old.image_id IS NULL BEGIN
            INSERT INTO message_search(message_search, rowid, terms) VALUES ('delete', old.id, search_terms(old.body));
        END;
        CREATE TRIGGER message_search_update AFTER UPDATE OF body, image_id ON messages BEGIN
            INSERT INTO message_search(message_search, rowid, terms)
                SELECT 'delete', old.id, search_terms(old.body) WHERE old.image_id IS NULL;
            INSERT INTO message_search(rowid, terms) SELECT new.id, search_terms(new.body) WHERE new.image_id IS NULL;
        END;
        """
}
