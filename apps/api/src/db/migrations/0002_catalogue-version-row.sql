-- The single row of catalogue_version (id 1). The read cache keys on its value; every catalogue write bumps it.
INSERT INTO catalogue_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
