/* The compiled core of the Qubic prover (a development tool; the board never runs it).

   Depth-first proof-number search (df-pn, Nagai 2002) with the 1+epsilon trick (Pawlewicz and
   Lew 2007) over 64-bit boards: X to move is an OR node, O to move an AND node. Proof and
   disproof numbers live in a transposition table of fixed size (buckets of 4, the entry with
   the least work done below it is replaced), keyed by the canonical Zobrist key: each position
   on the descent carries its 192 hashes (one per symmetry) and the least of them is its key, so
   memory stays fixed however long the search runs. A new position is proven when X completes a
   line, when O faces two threes, or when X has a forcing win (threat-space search with threes:
   each X move makes a three, O's only reply fills it, a double three wins; the threats that
   depend on the previous one first, failed positions remembered; searched in the canonical
   orientation); disproven when O completes a line, X faces two threes or the board
   fills. X tries its `width` best holes (move ordering by a threat score), O every hole; a
   single three forces the block, and an O reply after which X has a forcing win is lost at
   once, without a search below it. The proof's book is written by a walk from the root (X's
   proving move from the table, every O reply); a proven position whose entry was replaced is
   proven again on the walk.

   Usage: qubic_prover [-n nodes] [-s seconds] [-w width] [-L leaf_nodes] [-D leaf_moves]
                       [-e epsilon] [-H pn] [-B walk_nodes [-E walk_moves]] [-t log2_table]
                       [-b book_out]
                       [-r [-p part -P parts] [-k known_reply]...] [-m] [-v] HOLE...
   HOLE: hole indices 0..63 from the empty board, X first. -n: positions searched at most (0:
   the root's own value only); -t: the table holds 2^t entries of 24 bytes; -H: the proof number
   a new position starts with when O is to move and not forced to block (4); -T 0: the forcing
   search without its dependent threats first. -r: when O is to
   move at the root, search each reply (up to symmetry) on its own and print its result; -p/-P:
   only the replies whose rank modulo `parts` is `part` (to share them between processes); -k:
   a reply proven earlier (it and its symmetric replies are skipped). -m: only list the side to
   move's moves up to symmetry, in the search's order ("move HOLE"). Output lines start with a
   keyword: "result", "reply", "stats", "book", "move". -B: the book's walk ends where a forcing search
   of that many nodes (and -E moves, 24 by default) finds X's win, which keeps fewer rows. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef uint32_t u32;

#define INF 0x3fffffffu
#define NSYM 192

static u64 LINES[76];
static int NLINES;
static int THROUGH[64][7];
static int NTHROUGH[64];
static uint8_t SYM[NSYM][64];
static uint8_t INV[NSYM][64]; /* INV[s][SYM[s][h]] == h */
static u64 ZOB[2][NSYM][64]; /* ZOB[c][s][h]: the key of colour c on hole h under symmetry s */

static int width = 8, leaf_moves = 24;
static long leaf_nodes = 20000;

/* ---- geometry ---------------------------------------------------------------------------- */

static int cell(int a, int b, int c) { return 16 * a + 4 * b + c; }

static void build_lines(void) {
    NLINES = 0;
    for (int da = -1; da <= 1; da++)
        for (int db = -1; db <= 1; db++)
            for (int dc = -1; dc <= 1; dc++) {
                int first = da ? da : db ? db : dc;
                if (first <= 0) continue;
                for (int a = 0; a < 4; a++)
                    for (int b = 0; b < 4; b++)
                        for (int c = 0; c < 4; c++) {
                            u64 mask = 0;
                            int ok = 1;
                            for (int k = 0; k < 4; k++) {
                                int p = a + k * da, q = b + k * db, r = c + k * dc;
                                if (p < 0 || p > 3 || q < 0 || q > 3 || r < 0 || r > 3) ok = 0;
                                else mask |= 1ULL << cell(p, q, r);
                            }
                            if (ok) LINES[NLINES++] = mask;
                        }
            }
    for (int h = 0; h < 64; h++) {
        NTHROUGH[h] = 0;
        for (int i = 0; i < NLINES; i++)
            if (LINES[i] >> h & 1) THROUGH[h][NTHROUGH[h]++] = i;
    }
}

static void build_symmetries(void) {
    static const int axes[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int maps[8][4], nmaps = 0;
    /* the 24 permutations of 0..3; keep those commuting with c -> 3 - c */
    for (int i = 0; i < 24; i++) {
        int rest[4] = {0, 1, 2, 3}, n = i, p[4];
        for (int k = 0; k < 4; k++) {
            int f = 1;
            for (int j = 1; j < 4 - k; j++) f *= j;
            int pick = n / f;
            n %= f;
            p[k] = rest[pick];
            for (int j = pick; j < 3 - k; j++) rest[j] = rest[j + 1];
        }
        int ok = 1;
        for (int v = 0; v < 4; v++)
            if (p[3 - v] != 3 - p[v]) ok = 0;
        if (ok) memcpy(maps[nmaps++], p, sizeof p);
    }
    int s = 0;
    for (int ax = 0; ax < 6; ax++)
        for (int m = 0; m < nmaps; m++)
            for (int flips = 0; flips < 8; flips++) {
                uint8_t p[64];
                for (int h = 0; h < 64; h++) {
                    int c[3] = {h >> 4, h >> 2 & 3, h & 3}, out[3];
                    for (int k = 0; k < 3; k++) {
                        int v = maps[m][c[axes[ax][k]]];
                        out[k] = (flips >> k & 1) ? 3 - v : v;
                    }
                    p[h] = (uint8_t)cell(out[0], out[1], out[2]);
                }
                int known = 0;
                for (int j = 0; j < s && !known; j++) known = !memcmp(SYM[j], p, 64);
                if (known) continue;
                if (s == NSYM) {
                    fprintf(stderr, "more than %d symmetries\n", NSYM);
                    exit(2);
                }
                memcpy(SYM[s++], p, 64);
            }
    if (s != NSYM) {
        fprintf(stderr, "symmetries: %d\n", s);
        exit(2);
    }
    for (int t = 0; t < NSYM; t++)
        for (int h = 0; h < 64; h++) INV[t][SYM[t][h]] = (uint8_t)h;
}

static u64 rng_state = 0x9E3779B97F4A7C15ULL;
static u64 next_random(void) {
    u64 z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void build_keys(void) {
    u64 base[2][64];
    for (int c = 0; c < 2; c++)
        for (int h = 0; h < 64; h++) base[c][h] = next_random();
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < NSYM; s++)
            for (int h = 0; h < 64; h++) ZOB[c][s][h] = base[c][SYM[s][h]];
}

static u64 image(int s, u64 board) {
    u64 out = 0;
    while (board) {
        int h = __builtin_ctzll(board);
        board &= board - 1;
        out |= 1ULL << SYM[s][h];
    }
    return out;
}


/* ---- threats ----------------------------------------------------------------------------- */

static inline int popcount(u64 v) { return __builtin_popcountll(v); }

/* The empty holes that complete a line of `own` (its open threes). */
static u64 completing(u64 own, u64 other) {
    u64 holes = 0;
    for (int i = 0; i < NLINES; i++) {
        u64 line = LINES[i];
        if (!(line & other) && popcount(line & own) == 3) holes |= line & ~own;
    }
    return holes;
}

/* The empty holes that make an open three of `own`. */
static u64 three_makers(u64 own, u64 other) {
    u64 holes = 0;
    for (int i = 0; i < NLINES; i++) {
        u64 line = LINES[i];
        if (!(line & other) && popcount(line & own) == 2) holes |= line & ~own;
    }
    return holes;
}

/* The empty holes of the lines through `hole` that hold `count` of `own`'s pieces and none of
   `other`'s. */
static u64 holes_through(u64 own, u64 other, int hole, int count) {
    u64 holes = 0;
    for (int k = 0; k < NTHROUGH[hole]; k++) {
        u64 line = LINES[THROUGH[hole][k]];
        if (!(line & other) && popcount(line & own) == count) holes |= line & ~own;
    }
    return holes;
}

/* The holes `own` (which includes `hole`) threatens through `hole`. */
static u64 threes_through(u64 own, u64 other, int hole) {
    return holes_through(own, other, hole, 3);
}

static long forcing_budget;
static long forcing_total;

/* Positions the forcing search of one leaf failed in, with the moves it had: the same threats
   played in another order meet them again (a direct-mapped cache, cleared by a new stamp). */
#define FAILED_BITS 12
typedef struct {
    u64 a, d;
    u32 stamp;
    int moves;
} Failed;
static Failed failed[1 << FAILED_BITS];
static u32 failed_stamp;

static Failed *failed_slot(u64 a, u64 d) {
    u64 k = a * 0x9E3779B97F4A7C15ULL ^ d * 0xC2B2AE3D27D4EB4FULL;
    return &failed[k >> (64 - FAILED_BITS)];
}

/* The holes that make a three of `own` on a line through `hole` (threats that depend on it). */
static u64 makers_through(u64 own, u64 other, int hole) {
    return holes_through(own, other, hole, 2);
}

static int dependent_first = 1;

/* Whether the attacker (to move, no four ready, `threats` the defender's threes, `last` its
   previous move or -1) wins by threes alone within `moves` of its moves. The threats that
   depend on the previous one (a line through its hole) are tried first, as in threat-space
   search; the others after them. */
static int forcing(u64 a, u64 d, u64 threats, int last, int moves) {
    if (moves < 2 || (threats & (threats - 1)) || forcing_budget <= 0) return 0;
    Failed *f = failed_slot(a, d);
    if (f->stamp == failed_stamp && f->a == a && f->d == d && f->moves >= moves) return 0;
    u64 makers = three_makers(a, d);
    if (threats) makers &= threats;
    u64 first = dependent_first && last >= 0 ? makers & makers_through(a, d, last) : 0;
    u64 made_of[64];
    int holes[64], n = 0;
    for (int pass = 0; pass < 2; pass++) {
        u64 todo = pass ? makers & ~first : first;
        while (todo) {
            int h = __builtin_ctzll(todo);
            todo &= todo - 1;
            u64 made = threes_through(a | 1ULL << h, d, h);
            if (made & (made - 1)) return 1;
            holes[n] = h;
            made_of[n++] = made;
        }
    }
    for (int i = 0; i < n; i++) {
        forcing_budget--;
        forcing_total++;
        u64 mine = a | 1ULL << holes[i], theirs = d | made_of[i];
        int reply = __builtin_ctzll(made_of[i]);
        if (forcing(mine, theirs, threes_through(theirs, mine, reply), holes[i], moves - 1))
            return 1;
        if (forcing_budget <= 0) return 0;
    }
    f = failed_slot(a, d);
    f->a = a, f->d = d, f->stamp = failed_stamp, f->moves = moves;
    return 0;
}

/* 1: X (to move) wins by force; 0: not found. */
static int forcing_win(u64 x, u64 o, int moves, long budget) {
    if (completing(x, o)) return 1;
    forcing_budget = budget;
    failed_stamp++;
    return forcing(x, o, completing(o, x), -1, moves);
}


/* ---- move ordering ----------------------------------------------------------------------- */

/* The empty holes, most promising for `me` first (own lines built, other lines cut). */
static int ordered(u64 me, u64 other, int *out) {
    static const int build[4] = {1, 8, 64, 0}, cut[4] = {0, 4, 32, 0};
    u64 empty = ~(me | other);
    int score[64], n = 0;
    for (u64 b = empty; b; b &= b - 1) {
        int h = __builtin_ctzll(b), s = 0;
        for (int k = 0; k < NTHROUGH[h]; k++) {
            u64 line = LINES[THROUGH[h][k]];
            int m = popcount(line & me), t = popcount(line & other);
            if (!t) s += build[m];
            if (!m) s += cut[t];
        }
        int i = n++;
        while (i > 0 && score[i - 1] < s) {
            score[i] = score[i - 1];
            out[i] = out[i - 1];
            i--;
        }
        score[i] = s;
        out[i] = h;
    }
    return n;
}


/* ---- the transposition table ------------------------------------------------------------- */

enum { UNKNOWN = 0, PROVEN = 1, DISPROVEN = 2, OPEN_LEAF = 3 };

#define WAYS 4

typedef struct {
    u64 key;
    u32 pn, dn;
    u32 work;    /* positions searched below it: the replacement keeps the larger */
    int8_t move; /* X's proving move in the canonical orientation, -1 none */
    uint8_t used;
    uint16_t pad;
} Entry;

static Entry *table;
static u64 bucket_mask;
static long table_used, table_replaced;

static Entry *probe(u64 key) {
    Entry *b = &table[(key & bucket_mask) * WAYS];
    for (int i = 0; i < WAYS; i++)
        if (b[i].used && b[i].key == key) return &b[i];
    return NULL;
}

static void store(u64 key, u32 pn, u32 dn, u32 work, int move) {
    Entry *b = &table[(key & bucket_mask) * WAYS], *e = NULL;
    for (int i = 0; i < WAYS && !e; i++)
        if (b[i].used && b[i].key == key) e = &b[i];
    for (int i = 0; i < WAYS && !e; i++)
        if (!b[i].used) e = &b[i], table_used++;
    if (!e) {
        e = &b[0];
        for (int i = 1; i < WAYS; i++)
            if (b[i].work < e->work) e = &b[i];
        table_replaced++;
    }
    e->key = key;
    e->pn = pn;
    e->dn = dn;
    e->work = work;
    e->move = (int8_t)move;
    e->used = 1;
}

static void hashes_of(u64 x, u64 o, u64 *h) {
    for (int s = 0; s < NSYM; s++) {
        u64 v = 0;
        for (u64 b = x; b; b &= b - 1) v ^= ZOB[0][s][__builtin_ctzll(b)];
        for (u64 b = o; b; b &= b - 1) v ^= ZOB[1][s][__builtin_ctzll(b)];
        h[s] = v;
    }
}

/* The child's canonical key (the least of its 192 hashes); `sym` gets the symmetry that gives
   it (the child's canonical orientation is its image under that symmetry). */
static u64 child_hashes(const u64 *h, int colour, int hole, u64 *out, int *sym) {
    u64 best = ~0ULL;
    for (int s = 0; s < NSYM; s++) {
        u64 v = h[s] ^ ZOB[colour][s][hole];
        if (out) out[s] = v;
        if (v < best) best = v, *sym = s;
    }
    return best;
}

static u64 min_hash(const u64 *h, int *sym) {
    u64 best = ~0ULL;
    for (int s = 0; s < NSYM; s++)
        if (h[s] < best) best = h[s], *sym = s;
    return best;
}

/* Whether X (to move) wins by force, searched in the canonical orientation (symmetry `sym`),
   so that every orientation gets the same answer. */
static int canonical_forcing_win(u64 x, u64 o, int sym) {
    return forcing_win(image(sym, x), image(sym, o), leaf_moves, leaf_nodes);
}

/* The value of a position met for the first time: PROVEN, DISPROVEN or OPEN_LEAF. */
static long evaluated;
static int leaf_value(u64 x, u64 o, int x_to_move, int sym) {
    evaluated++;
    if ((x | o) == ~0ULL) return DISPROVEN;
    if (x_to_move) {
        u64 t = completing(o, x);
        if (completing(x, o)) return PROVEN;
        if (t & (t - 1)) return DISPROVEN;
        if (canonical_forcing_win(x, o, sym)) return PROVEN;
    } else {
        u64 t = completing(x, o);
        if (completing(o, x)) return DISPROVEN;
        if (t & (t - 1)) return PROVEN;
    }
    return OPEN_LEAF;
}

/* A new open position where O is to move and not forced to block starts with this proof number
   (-H; an O reply forced by X's three starts with 1): a move that forces is tried first. */
static u32 free_reply_pn = 4;

/* A position's proof and disproof numbers: from the table, else evaluated and stored. */
static void value_of(u64 x, u64 o, int x_to_move, u64 key, int sym, u32 *pn, u32 *dn) {
    Entry *e = probe(key);
    if (e) {
        *pn = e->pn;
        *dn = e->dn;
        return;
    }
    int v = leaf_value(x, o, x_to_move, sym);
    *pn = v == PROVEN ? 0 : v == DISPROVEN ? INF : 1;
    if (v == OPEN_LEAF && !x_to_move && !completing(x, o)) *pn = free_reply_pn;
    *dn = v == DISPROVEN ? 0 : v == PROVEN ? INF : 1;
    store(key, *pn, *dn, 1, -1);
}

/* ---- df-pn ------------------------------------------------------------------------------- */

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static u32 sat_add(u32 a, u32 b) { return a + b >= INF ? INF : a + b; }

/* The 1+epsilon trick: the best child may run until its number passes the second best's by
   that fraction (at least by one), not just by one, which saves re-expansions. */
static double epsilon = 0.25;
static u32 second_threshold(u32 second, u32 limit) {
    if (second >= INF) return limit;
    double grown = second * (1.0 + epsilon);
    u32 t = grown >= INF ? INF : (u32)grown;
    if ((double)t < grown) t++;
    if (t < second + 1) t = second + 1;
    return t < limit ? t : limit;
}

#define MAX_DEPTH 66
static u64 path_hash[MAX_DEPTH][NSYM];
static long expanded, max_expansions;
static double deadline, started, next_report;
static int stop, verbose;

/* The moves of the side to move, most promising first: the block when the other side has a
   three, else every hole (X: its `width` best). */
static int moves_of(u64 x, u64 o, int x_to_move, int *moves) {
    u64 forced = x_to_move ? completing(o, x) : completing(x, o);
    if (forced) {
        moves[0] = __builtin_ctzll(forced);
        return 1;
    }
    int n = x_to_move ? ordered(x, o, moves) : ordered(o, x, moves);
    return x_to_move && n > width ? width : n;
}

/* The side to move's moves in (x, o), hashes `h`, up to symmetry in the search's order: one
   move of each kind into `moves`, the canonical key of the position it makes into `keys`. */
static int distinct_moves(u64 x, u64 o, int x_to_move, const u64 *h, int *moves, u64 *keys) {
    int all[64], n = moves_of(x, o, x_to_move, all), kept = 0, sym = 0;
    for (int i = 0; i < n; i++) {
        u64 key = child_hashes(h, x_to_move ? 0 : 1, all[i], NULL, &sym);
        int dup = 0;
        for (int j = 0; j < kept; j++)
            if (keys[j] == key) dup = 1;
        if (dup) continue;
        keys[kept] = key;
        moves[kept++] = all[i];
    }
    return kept;
}

/* Search the position at `depth` (its hashes in path_hash[depth]) until its proof number
   reaches `thpn` or its disproof number `thdn`; its numbers are returned and stored. */
static void mid(int depth, u64 x, u64 o, int xt, u32 thpn, u32 thdn, u32 *out_pn, u32 *out_dn) {
    const u64 *h = path_hash[depth];
    int sym = 0;
    u64 key = min_hash(h, &sym);
    long first = expanded++;
    if ((expanded & 1023) == 0) {
        double t = now();
        if (t > deadline) stop = 1;
        if (verbose && t > next_report) {
            next_report = t + 30;
            fprintf(stderr, "%8.0f s searched %ld table %ld replaced %ld\n", t - started,
                    expanded, table_used, table_replaced);
        }
    }
    if (expanded > max_expansions) stop = 1;
    int moves[64], mv[64], n = moves_of(x, o, xt, moves), k = 0;
    u64 keys[64];
    u32 cpn[64], cdn[64];
    int colour = xt ? 0 : 1, solved = -1;
    for (int i = 0; i < n && solved < 0; i++) {
        int csym = 0;
        u64 ck = child_hashes(h, colour, moves[i], NULL, &csym);
        int dup = 0;
        for (int j = 0; j < k && !dup; j++) dup = keys[j] == ck;
        if (dup) continue;
        u64 bit = 1ULL << moves[i];
        value_of(xt ? x | bit : x, xt ? o : o | bit, !xt, ck, csym, &cpn[k], &cdn[k]);
        if ((xt && cpn[k] == 0) || (!xt && cdn[k] == 0)) solved = k;
        keys[k] = ck;
        mv[k++] = moves[i];
    }
    u32 pn = 0, dn = 0;
    int best = 0;
    for (;;) {
        /* the node's numbers and its most proving child, with the second best's number */
        u32 second = INF;
        best = 0;
        if (xt) {
            pn = INF, dn = 0;
            for (int i = 0; i < k; i++) {
                dn = sat_add(dn, cdn[i]);
                if (cpn[i] < pn) second = pn, pn = cpn[i], best = i;
                else if (cpn[i] < second) second = cpn[i];
            }
        } else {
            pn = 0, dn = INF;
            for (int i = 0; i < k; i++) {
                pn = sat_add(pn, cpn[i]);
                if (cdn[i] < dn) second = dn, dn = cdn[i], best = i;
                else if (cdn[i] < second) second = cdn[i];
            }
        }
        if (k == 0) pn = xt ? INF : 0, dn = xt ? 0 : INF; /* no move: cannot happen in play */
        if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || stop) break;
        u32 tp, td;
        if (xt) {
            tp = second_threshold(second, thpn);
            td = thdn - dn + cdn[best];
        } else {
            td = second_threshold(second, thdn);
            tp = thpn - pn + cpn[best];
        }
        int csym = 0;
        u64 bit = 1ULL << mv[best];
        child_hashes(h, colour, mv[best], path_hash[depth + 1], &csym);
        mid(depth + 1, xt ? x | bit : x, xt ? o : o | bit, !xt, tp, td, &cpn[best], &cdn[best]);
    }
    int move = -1;
    if (xt && pn == 0) move = SYM[sym][mv[best]];
    long work = expanded - first;
    store(key, pn, dn, work >= INF ? INF : (u32)work, move);
    *out_pn = pn;
    *out_dn = dn;
}

/* Search from a position until solved or the budgets are spent: PROVEN, DISPROVEN or
   UNKNOWN. */
static int run_root(u64 x, u64 o, int x_to_move, long max_searched, double seconds) {
    hashes_of(x, o, path_hash[0]);
    int sym = 0;
    u64 key = min_hash(path_hash[0], &sym);
    u32 pn, dn;
    value_of(x, o, x_to_move, key, sym, &pn, &dn);
    started = now();
    deadline = started + seconds;
    next_report = started + 30;
    max_expansions = max_searched;
    stop = 0;
    while (pn && dn && !stop && expanded < max_expansions)
        mid(0, x, o, x_to_move, INF, INF, &pn, &dn);
    return pn == 0 ? PROVEN : dn == 0 ? DISPROVEN : UNKNOWN;
}

/* ---- the book: a walk from the root through X's table moves and every O reply ------------ */

static long walk_nodes; /* a forcing search this strong ends the walk (fewer rows), 0 none */
static int walk_moves = 24;
static u64 *visited;
static u64 visited_mask;
static long book_rows, reproven;
static double walk_seconds = 1e18;

static int visit(u64 key) {
    u64 i = key & visited_mask;
    while (visited[i]) {
        if (visited[i] == key) return 0;
        i = (i + 1) & visited_mask;
    }
    visited[i] = key;
    return 1;
}

/* X's proving move in the position (from the table, proven again when its entry was
   replaced), -1 when it has none. */
static int proving_move(u64 x, u64 o, u64 key, int sym) {
    Entry *e = probe(key);
    if (!e || e->pn != 0 || e->move < 0) {
        reproven++;
        if (run_root(x, o, 1, 1L << 50, walk_seconds) != PROVEN) return -1;
        e = probe(key);
        if (!e || e->pn != 0 || e->move < 0) return -1;
    }
    return INV[sym][(int)e->move];
}

static int write_book(FILE *out, u64 x, u64 o, int x_to_move) {
    u64 h[NSYM];
    hashes_of(x, o, h);
    int sym = 0;
    u64 key = min_hash(h, &sym);
    if (!visit(key)) return 1;
    if (x_to_move) {
        if (completing(x, o)) return 1;
        if (walk_nodes && forcing_win(image(sym, x), image(sym, o), walk_moves, walk_nodes))
            return 1;
        if (canonical_forcing_win(x, o, sym)) return 1;
        int move = proving_move(x, o, key, sym);
        if (move < 0) {
            fprintf(stderr, "no proven move for %016llx %016llx\n", (unsigned long long)x,
                    (unsigned long long)o);
            return 0;
        }
        fprintf(out, "%016llx %016llx %d\n", (unsigned long long)x, (unsigned long long)o, move);
        book_rows++;
        return write_book(out, x | 1ULL << move, o, 0);
    }
    if (completing(o, x)) return 0;
    u64 t = completing(x, o);
    if (t & (t - 1)) return 1;
    u64 replies = t ? t : ~(x | o);
    for (; replies; replies &= replies - 1)
        if (!write_book(out, x, o | 1ULL << __builtin_ctzll(replies), 1)) return 0;
    return 1;
}

/* ---- main -------------------------------------------------------------------------------- */

static const char *name_of(int v) {
    return v == PROVEN ? "proven" : v == DISPROVEN ? "disproven" : "open";
}

int main(int argc, char **argv) {
    long max_nodes = 1L << 50;
    double seconds = 1e18;
    int table_bits = 24, per_reply = 0, list_moves = 0, part = 0, parts = 1;
    const char *book = NULL;
    int holes[64], nholes = 0, skip[64], nskip = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-n") && i + 1 < argc) max_nodes = atol(argv[++i]);
        else if (!strcmp(a, "-s") && i + 1 < argc) seconds = atof(argv[++i]);
        else if (!strcmp(a, "-w") && i + 1 < argc) width = atoi(argv[++i]);
        else if (!strcmp(a, "-L") && i + 1 < argc) leaf_nodes = atol(argv[++i]);
        else if (!strcmp(a, "-D") && i + 1 < argc) leaf_moves = atoi(argv[++i]);
        else if (!strcmp(a, "-e") && i + 1 < argc) epsilon = atof(argv[++i]);
        else if (!strcmp(a, "-T") && i + 1 < argc) dependent_first = atoi(argv[++i]);
        else if (!strcmp(a, "-H") && i + 1 < argc) free_reply_pn = (u32)atol(argv[++i]);
        else if (!strcmp(a, "-B") && i + 1 < argc) walk_nodes = atol(argv[++i]);
        else if (!strcmp(a, "-E") && i + 1 < argc) walk_moves = atoi(argv[++i]);
        else if (!strcmp(a, "-t") && i + 1 < argc) table_bits = atoi(argv[++i]);
        else if (!strcmp(a, "-b") && i + 1 < argc) book = argv[++i];
        else if (!strcmp(a, "-p") && i + 1 < argc) part = atoi(argv[++i]);
        else if (!strcmp(a, "-P") && i + 1 < argc) parts = atoi(argv[++i]);
        else if (!strcmp(a, "-k") && i + 1 < argc && nskip < 64) skip[nskip++] = atoi(argv[++i]);
        else if (!strcmp(a, "-r")) per_reply = 1;
        else if (!strcmp(a, "-m")) list_moves = 1;
        else if (!strcmp(a, "-v")) verbose = 1;
        else if (nholes < 64) holes[nholes++] = atoi(a);
    }
    build_lines();
    build_symmetries();
    build_keys();
    if (table_bits < 4 || table_bits > 34) {
        fprintf(stderr, "-t: 4..34\n");
        return 2;
    }
    bucket_mask = (1ULL << (table_bits - 2)) - 1;
    table = calloc((bucket_mask + 1) * WAYS, sizeof *table);
    if (!table) {
        fprintf(stderr, "out of memory\n");
        return 3;
    }
    u64 x = 0, o = 0;
    for (int i = 0; i < nholes; i++) {
        u64 bit = 1ULL << holes[i];
        if (holes[i] < 0 || holes[i] > 63 || (x | o) & bit) {
            fprintf(stderr, "bad move %d\n", holes[i]);
            return 2;
        }
        if (i % 2 == 0) x |= bit;
        else o |= bit;
    }
    int x_to_move = nholes % 2 == 0;
    if (list_moves) {
        /* the side to move's moves up to symmetry, in the search's order (its width for X) */
        u64 h[NSYM], keys[64];
        int moves[64];
        hashes_of(x, o, h);
        int n = distinct_moves(x, o, x_to_move, h, moves, keys);
        for (int i = 0; i < n; i++) printf("move %d\n", moves[i]);
        return 0;
    }
    FILE *book_out = NULL;
    int book_ok = 1;
    if (book) {
        /* each proven root's walk is written as soon as it is proven */
        book_out = fopen(book, "w");
        if (!book_out) return 2;
        visited_mask = (1ULL << 24) - 1;
        visited = calloc(visited_mask + 1, sizeof *visited);
    }
    double start = now();
    int result;
    if (per_reply && !x_to_move) {
        /* each O reply (up to symmetry) searched with the whole budget; the root is proven
           when every reply is */
        u64 h[NSYM], keys[64];
        int moves[64], all = 1;
        hashes_of(x, o, h);
        int n = distinct_moves(x, o, 0, h, moves, keys);
        for (int i = 0; i < n; i++) {
            int sym = 0, known = 0;
            for (int j = 0; j < nskip; j++)
                if (child_hashes(h, 1, skip[j], NULL, &sym) == keys[i]) known = 1;
            if (known) {
                if (part == 0) printf("reply %d known\n", moves[i]);
                continue;
            }
            if (i % parts != part) continue;
            long before = expanded;
            double t0 = now();
            int v = run_root(x, o | 1ULL << moves[i], 1, before + max_nodes, seconds);
            printf("reply %d %s expanded %ld seconds %.1f\n", moves[i], name_of(v),
                   expanded - before, now() - t0);
            fflush(stdout);
            if (v != PROVEN) all = 0;
            else if (book_out && !write_book(book_out, x, o | 1ULL << moves[i], 1)) book_ok = 0;
            if (book_out) fflush(book_out);
        }
        result = all ? PROVEN : UNKNOWN;
    } else {
        result = run_root(x, o, x_to_move, max_nodes, seconds);
    }
    double took = now() - start;
    if (book_out) {
        if (!(per_reply && !x_to_move) && result == PROVEN)
            book_ok = write_book(book_out, x, o, x_to_move);
        fclose(book_out);
    }
    printf("result %s\n", name_of(result));
    printf("stats expanded %ld evaluated %ld forcing_nodes %ld table %ld replaced %ld"
           " reproven %ld seconds %.2f\n",
           expanded, evaluated, forcing_total, table_used, table_replaced, reproven, took);
    if (book_out) {
        printf("book %s rows %ld\n", book_ok ? "written" : "failed", book_rows);
        if (!book_ok) return 1;
    }
    return 0;
}
