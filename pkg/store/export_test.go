package store

// SetBM25MaxFetch sets the posting count above which s.SearchBM25 hands the
// query to the database's bm25_search (BM25MaxFetch when n is 0); n = 1 sends
// every query with more than one posting there.
func SetBM25MaxFetch(s *Store, n int64) { s.bm25MaxFetch = n }
