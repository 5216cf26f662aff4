-- R32: the bean ledger becomes verifiable. Every entry carries the hash of the user's previous entry
-- (prev_hash) and a signature (sig): HMAC-SHA256, under a key only the server holds, over the
-- canonical entry plus prev_hash, so an entry edited or removed behind the server's back breaks the
-- chain at that entry (domain-services/ledgerChain.ts writes the canonical form; ledgerAudit.ts checks).

alter table bean_ledger add column prev_hash text;
alter table bean_ledger add column sig text;

-- Entries written before this migration cannot be signed here (the key is not in the database): they
-- are sealed with an unkeyed SHA-256 chain in the same canonical form ('legacy:<hex>'). The audit
-- accepts that form only up to legacy_max_id; every later entry must carry an HMAC, and the first
-- HMAC of a user covers the last legacy hash.
create table bean_ledger_seal (
  legacy_max_id bigint not null
);
insert into bean_ledger_seal (legacy_max_id) select coalesce(max(id), 0) from bean_ledger;

alter table bean_ledger disable trigger bean_ledger_no_update;
do $$
declare
  entry record;
  previous text := 'genesis';
  previous_uid bigint := null;
  canonical text;
begin
  for entry in select * from bean_ledger order by uid, id loop
    if previous_uid is distinct from entry.uid then
      previous := 'genesis';
      previous_uid := entry.uid;
    end if;
    canonical := concat_ws(E'\n',
      'mido-ledger-v1', entry.id, entry.uid, entry.action_amount, entry.balance_after,
      floor(extract(epoch from entry.created_at) * 1000)::bigint,
      octet_length(convert_to(entry.kind, 'UTF8')) || ':' || entry.kind,
      case when entry.ref is null then '-' else octet_length(convert_to(entry.ref, 'UTF8')) || ':' || entry.ref end,
      octet_length(convert_to(entry.remark, 'UTF8')) || ':' || entry.remark);
    update bean_ledger
      set prev_hash = previous,
          sig = 'legacy:' || encode(sha256(convert_to(canonical || E'\n' || previous, 'UTF8')), 'hex')
      where id = entry.id
      returning sig into previous;
  end loop;
end
$$;
alter table bean_ledger enable trigger bean_ledger_no_update;

alter table bean_ledger alter column prev_hash set not null;
alter table bean_ledger alter column sig set not null;
alter table bean_ledger add constraint bean_ledger_sig_present check (sig <> '' and prev_hash <> '');
-- one successor per entry: two writers that read the same predecessor cannot both append (no forks)
create unique index bean_ledger_chain on bean_ledger (uid, prev_hash);

-- TRUNCATE skips row triggers: refuse it too. The seal row is as immutable as the entries.
create trigger bean_ledger_no_truncate before truncate on bean_ledger
  for each statement execute function bean_ledger_append_only();
create trigger bean_ledger_seal_immutable before update or delete or truncate on bean_ledger_seal
  for each statement execute function bean_ledger_append_only();
