/* The compiled core of the Qubic prover (a development tool; the board never runs it).

   Best-first proof-number search (Allis 1994) over 64-bit boards: X to move is an OR node, O to
   move an AND node. A new node is proven when X completes a line, when O faces two threes, or
   when X has a forcing win (threat-space search with threes: each X move makes a three, O's only
   reply fills it, a double three wins); disproven when O completes a line, X faces two threes
   or the board fills. X tries its `width` best holes (move ordering by threats), O every hole;
   a single three forces the block. Positions are folded under the 192 symmetries: each node's
   192 Zobrist hashes are kept on the descent path, the canonical key is their minimum, and a
   table keyed by it holds every solved position (and X's proving move in the proven ones).
   A solved node's subtree is freed. The proof's book is written by a walk from the root.

   Usage: qubic_prover [-n nodes] [-s seconds] [-w width] [-L leaf_nodes] [-D leaf_moves]
                       [-B walk_nodes [-E walk_moves]] [-t log2_table] [-m max_nodes_in_memory] [-b book_out]
                       [-r [-p part -P parts] [-k known_reply]...] [-v] HOLE...
   HOLE: hole indices 0..63 from the empty board, X first. -r: when O is to move at the root,
   search each reply (up to symmetry) on its own and print its result; -p/-P: only the replies
   whose rank modulo `parts` is `part` (to share them between processes); -k: a reply proven
   earlier (it and its symmetric replies are skipped). Output lines start with a keyword:
   "result", "reply", "stats", "book". -B: the book's walk ends where a forcing search of that
   many nodes (and -E moves, 24 by default) finds X's win, which keeps fewer rows. */

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

/* The holes `own` (which includes `hole`) threatens through `hole`. */
static u64 threes_through(u64 own, u64 other, int hole) {
    u64 holes = 0;
    for (int k = 0; k < NTHROUGH[hole]; k++) {
        u64 line = LINES[THROUGH[hole][k]];
        if (!(line & other) && popcount(line & own) == 3) holes |= line & ~own;
    }
    return holes;
}

static long forcing_budget;
static long forcing_total;

/* Whether the attacker (to move, no four ready, `threats` the defender's threes) wins by threes
   alone within `moves` of its moves. */
static int forcing(u64 a, u64 d, u64 threats, int moves) {
    if (moves < 2 || (threats & (threats - 1)) || forcing_budget <= 0) return 0;
    u64 makers = three_makers(a, d);
    if (threats) makers &= threats;
    u64 made_of[64];
    int holes[64], n = 0;
    while (makers) {
        int h = __builtin_ctzll(makers);
        makers &= makers - 1;
        u64 made = threes_through(a | 1ULL << h, d, h);
        if (made & (made - 1)) return 1;
        holes[n] = h;
        made_of[n++] = made;
    }
    for (int i = 0; i < n; i++) {
        forcing_budget--;
        forcing_total++;
        u64 mine = a | 1ULL << holes[i], theirs = d | made_of[i];
        int reply = __builtin_ctzll(made_of[i]);
        if (forcing(mine, theirs, threes_through(theirs, mine, reply), moves - 1)) return 1;
        if (forcing_budget <= 0) return 0;
    }
    return 0;
}

/* 1: X (to move) wins by force; 0: not found. */
static int forcing_win(u64 x, u64 o, int moves, long budget) {
    if (completing(x, o)) return 1;
    forcing_budget = budget;
    return forcing(x, o, completing(o, x), moves);
}

/* ---- table of solved positions ----------------------------------------------------------- */

enum { UNKNOWN = 0, PROVEN = 1, DISPROVEN = 2, OPEN_LEAF = 3 };

typedef struct {
    u64 key;
    u64 x, o;  /* the position in the orientation it was met in */
    int8_t move; /* X's proving move in that orientation, -1 none */
    uint8_t value;
} Entry;

static Entry *table;
static u64 table_mask;
static long table_used;

static Entry *lookup(u64 key, int create) {
    u64 i = key & table_mask;
    for (;;) {
        Entry *e = &table[i];
        if (e->value == UNKNOWN) {
            if (!create) return NULL;
            if ((u64)table_used * 4 > table_mask * 3) {
                fprintf(stderr, "table full (%ld entries): raise -t\n", table_used);
                exit(3);
            }
            table_used++;
            e->key = key;
            e->move = -1;
            return e;
        }
        if (e->key == key) return e;
        i = (i + 1) & table_mask;
    }
}

static int table_value(u64 key) {
    Entry *e = lookup(key, 0);
    return e ? e->value : UNKNOWN;
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

/* The value of a new position: PROVEN, DISPROVEN or OPEN_LEAF (cached in the table). */
static long evaluated;
static int leaf_value(u64 x, u64 o, int x_to_move, u64 key, int sym) {
    int known = table_value(key);
    if (known) return known;
    evaluated++;
    int value = OPEN_LEAF;
    if ((x | o) == ~0ULL) value = DISPROVEN;
    else if (x_to_move) {
        u64 t = completing(o, x);
        if (completing(x, o)) value = PROVEN;
        else if (t & (t - 1)) value = DISPROVEN;
        else if (canonical_forcing_win(x, o, sym)) value = PROVEN;
    } else {
        u64 t = completing(x, o);
        if (completing(o, x)) value = DISPROVEN;
        else if (t & (t - 1)) value = PROVEN;
    }
    Entry *e = lookup(key, 1);
    e->value = (uint8_t)value;
    e->x = x;
    e->o = o;
    return value;
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

/* ---- the proof-number tree --------------------------------------------------------------- */

typedef struct {
    u64 x, o;
    u32 pn, dn;
    u32 parent, child; /* child: index of the first of nchild contiguous children, 0 none */
    uint8_t nchild, move, x_to_move, pad;
} Node;

static Node *nodes;
static u32 node_cap, node_top = 1;
static u32 free_head[65]; /* free blocks by size (their first node's `child` links them) */
static long expanded, live_nodes;
static int out_of_nodes; /* set when the tree fills the memory given (-m): the search stops */

static u32 alloc_block(int n) {
    if (free_head[n]) {
        u32 b = free_head[n];
        free_head[n] = nodes[b].child;
        return b;
    }
    if (node_top + (u32)n >= node_cap) return 0; /* out of nodes: the search stops */
    u32 b = node_top;
    node_top += (u32)n;
    return b;
}

static void free_subtree(u32 id) {
    Node *nd = &nodes[id];
    if (!nd->child) return;
    u32 b = nd->child;
    int n = nd->nchild;
    for (int i = 0; i < n; i++) free_subtree(b + (u32)i);
    nodes[b].child = free_head[n];
    free_head[n] = b;
    live_nodes -= n;
    nd->child = 0;
    nd->nchild = 0;
}

static void set_value(Node *nd, int value) {
    if (value == PROVEN) nd->pn = 0, nd->dn = INF;
    else if (value == DISPROVEN) nd->pn = INF, nd->dn = 0;
    else nd->pn = nd->dn = 1;
}

static u32 sat_add(u32 a, u32 b) { return a + b >= INF ? INF : a + b; }

/* Recompute a node from its children; store it in the table when solved. */
static void update(u32 id, u64 key) {
    Node *nd = &nodes[id];
    u32 pn, dn;
    if (nd->x_to_move) {
        pn = INF, dn = 0;
        for (int i = 0; i < nd->nchild; i++) {
            Node *c = &nodes[nd->child + (u32)i];
            if (c->pn < pn) pn = c->pn;
            dn = sat_add(dn, c->dn);
        }
    } else {
        pn = 0, dn = INF;
        for (int i = 0; i < nd->nchild; i++) {
            Node *c = &nodes[nd->child + (u32)i];
            pn = sat_add(pn, c->pn);
            if (c->dn < dn) dn = c->dn;
        }
    }
    nd->pn = pn;
    nd->dn = dn;
    if (pn == 0 || dn == 0) {
        Entry *e = lookup(key, 1);
        e->value = pn == 0 ? PROVEN : DISPROVEN;
        e->x = nd->x;
        e->o = nd->o;
        if (pn == 0 && nd->x_to_move)
            for (int i = 0; i < nd->nchild; i++)
                if (nodes[nd->child + (u32)i].pn == 0) {
                    e->move = (int8_t)nodes[nd->child + (u32)i].move;
                    break;
                }
        free_subtree(id);
    }
}

static void expand(u32 id, const u64 *h) {
    Node *nd = &nodes[id];
    u64 x = nd->x, o = nd->o;
    int xt = nd->x_to_move;
    int moves[64], n;
    u64 forced = xt ? completing(o, x) : completing(x, o);
    if (forced) {
        moves[0] = __builtin_ctzll(forced);
        n = 1;
    } else {
        n = xt ? ordered(x, o, moves) : ordered(o, x, moves);
        if (xt && n > width) n = width;
    }
    u64 keys[64];
    int keep[64], vals[64], k = 0;
    for (int i = 0; i < n; i++) {
        int sym = 0;
        u64 key = child_hashes(h, xt ? 0 : 1, moves[i], NULL, &sym);
        int dup = 0;
        for (int j = 0; j < k; j++)
            if (keys[j] == key) dup = 1;
        if (dup) continue;
        u64 bit = 1ULL << moves[i];
        int v = xt ? leaf_value(x | bit, o, 0, key, sym) : leaf_value(x, o | bit, 1, key, sym);
        keys[k] = key;
        keep[k] = moves[i];
        vals[k++] = v;
        if ((xt && v == PROVEN) || (!xt && v == DISPROVEN)) break;
    }
    u32 b = alloc_block(k);
    if (!b) {
        out_of_nodes = 1;
        return;
    }
    expanded++;
    live_nodes += k;
    for (int i = 0; i < k; i++) {
        Node *c = &nodes[b + (u32)i];
        u64 bit = 1ULL << keep[i];
        c->x = xt ? x | bit : x;
        c->o = xt ? o : o | bit;
        c->x_to_move = (uint8_t)!xt;
        c->move = (uint8_t)keep[i];
        c->parent = id;
        c->child = 0;
        c->nchild = 0;
        set_value(c, vals[i]);
    }
    nd->child = b;
    nd->nchild = (uint8_t)k;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

#define MAX_DEPTH 70
static u64 path_hash[MAX_DEPTH][NSYM];

/* Search from node 0 until solved or the budgets are spent: PROVEN, DISPROVEN or UNKNOWN. */
static int search(long max_nodes, double seconds, int verbose) {
    double start = now(), next_report = start + 30;
    u32 path[MAX_DEPTH];
    while (nodes[0].pn && nodes[0].dn && expanded < max_nodes) {
        if ((expanded & 1023) == 0 && now() - start > seconds) break;
        int depth = 0;
        u32 id = 0;
        path[0] = 0;
        while (nodes[id].child) {
            Node *nd = &nodes[id];
            u32 best = nd->child;
            for (int i = 1; i < nd->nchild; i++) {
                Node *c = &nodes[nd->child + (u32)i];
                if (nd->x_to_move ? c->pn < nodes[best].pn : c->dn < nodes[best].dn)
                    best = nd->child + (u32)i;
            }
            int sym = 0;
            child_hashes(path_hash[depth], nd->x_to_move ? 0 : 1, nodes[best].move,
                         path_hash[depth + 1], &sym);
            id = best;
            path[++depth] = id;
        }
        expand(id, path_hash[depth]);
        if (out_of_nodes) {
            fprintf(stderr, "out of nodes (%u): raise -m\n", node_cap);
            break;
        }
        for (int d = depth; d >= 0; d--) {
            int sym = 0;
            update(path[d], min_hash(path_hash[d], &sym));
        }
        if (verbose && (expanded & 4095) == 0 && now() > next_report) {
            next_report = now() + 30;
            fprintf(stderr, "%8.0f s expanded %ld live %ld table %ld pn %u dn %u\n",
                    now() - start, expanded, live_nodes, table_used, nodes[0].pn, nodes[0].dn);
        }
    }
    return nodes[0].pn == 0 ? PROVEN : nodes[0].dn == 0 ? DISPROVEN : UNKNOWN;
}

/* ---- the book: a walk from the root through X's table moves and every O reply ------------ */

static long walk_nodes; /* a forcing search this strong ends the walk (fewer rows), 0 none */
static int walk_moves = 24;
static u64 *visited;
static u64 visited_mask;
static long book_rows;

static int visit(u64 key) {
    u64 i = key & visited_mask;
    while (visited[i]) {
        if (visited[i] == key) return 0;
        i = (i + 1) & visited_mask;
    }
    visited[i] = key;
    return 1;
}

/* The symmetry that maps (x, o) onto the orientation (ex, eo), or -1. */
static int symmetry_between(u64 x, u64 o, u64 ex, u64 eo) {
    for (int s = 0; s < NSYM; s++)
        if (image(s, x) == ex && image(s, o) == eo) return s;
    return -1;
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
        Entry *e = lookup(key, 0);
        if ((!e || e->move < 0) && canonical_forcing_win(x, o, sym)) return 1;
        if (!e || e->value != PROVEN || e->move < 0) {
            fprintf(stderr, "no proven move for %016llx %016llx\n", (unsigned long long)x,
                    (unsigned long long)o);
            return 0;
        }
        int s = symmetry_between(e->x, e->o, x, o);
        if (s < 0) {
            fprintf(stderr, "table position does not match %016llx %016llx\n",
                    (unsigned long long)x, (unsigned long long)o);
            return 0;
        }
        int move = SYM[s][e->move];
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

static int run_root(u64 x, u64 o, int x_to_move, long max_nodes, double seconds, int verbose) {
    memset(free_head, 0, sizeof free_head);
    node_top = 1;
    live_nodes = 1;
    out_of_nodes = 0;
    Node *r = &nodes[0];
    memset(r, 0, sizeof *r);
    r->x = x;
    r->o = o;
    r->x_to_move = (uint8_t)x_to_move;
    hashes_of(x, o, path_hash[0]);
    int sym = 0;
    u64 key = min_hash(path_hash[0], &sym);
    set_value(r, leaf_value(x, o, x_to_move, key, sym));
    if (r->pn && r->dn) return search(max_nodes, seconds, verbose);
    return r->pn == 0 ? PROVEN : DISPROVEN;
}

int main(int argc, char **argv) {
    long max_nodes = 1L << 40;
    double seconds = 1e18;
    int table_bits = 24, per_reply = 0, verbose = 0, part = 0, parts = 1;
    long memory_nodes = 40L << 20;
    const char *book = NULL;
    int holes[64], nholes = 0, skip[64], nskip = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-n") && i + 1 < argc) max_nodes = atol(argv[++i]);
        else if (!strcmp(a, "-s") && i + 1 < argc) seconds = atof(argv[++i]);
        else if (!strcmp(a, "-w") && i + 1 < argc) width = atoi(argv[++i]);
        else if (!strcmp(a, "-L") && i + 1 < argc) leaf_nodes = atol(argv[++i]);
        else if (!strcmp(a, "-D") && i + 1 < argc) leaf_moves = atoi(argv[++i]);
        else if (!strcmp(a, "-B") && i + 1 < argc) walk_nodes = atol(argv[++i]);
        else if (!strcmp(a, "-E") && i + 1 < argc) walk_moves = atoi(argv[++i]);
        else if (!strcmp(a, "-t") && i + 1 < argc) table_bits = atoi(argv[++i]);
        else if (!strcmp(a, "-m") && i + 1 < argc) memory_nodes = atol(argv[++i]);
        else if (!strcmp(a, "-b") && i + 1 < argc) book = argv[++i];
        else if (!strcmp(a, "-p") && i + 1 < argc) part = atoi(argv[++i]);
        else if (!strcmp(a, "-P") && i + 1 < argc) parts = atoi(argv[++i]);
        else if (!strcmp(a, "-k") && i + 1 < argc && nskip < 64) skip[nskip++] = atoi(argv[++i]);
        else if (!strcmp(a, "-r")) per_reply = 1;
        else if (!strcmp(a, "-v")) verbose = 1;
        else if (nholes < 64) holes[nholes++] = atoi(a);
    }
    build_lines();
    build_symmetries();
    build_keys();
    table_mask = (1ULL << table_bits) - 1;
    table = calloc(table_mask + 1, sizeof *table);
    node_cap = (u32)memory_nodes;
    nodes = malloc(sizeof *nodes * node_cap);
    if (!table || !nodes) {
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
        u64 h[NSYM], seen[64];
        int nseen = 0, all = 1;
        hashes_of(x, o, h);
        int moves[64], n = ordered(o, x, moves);
        u64 forced = completing(x, o);
        if (forced) moves[0] = __builtin_ctzll(forced), n = 1;
        for (int i = 0; i < n; i++) {
            int sym = 0;
            u64 key = child_hashes(h, 1, moves[i], NULL, &sym);
            int dup = 0;
            for (int j = 0; j < nseen; j++)
                if (seen[j] == key) dup = 1;
            if (dup) continue;
            seen[nseen++] = key;
            int known = 0;
            for (int j = 0; j < nskip; j++)
                if (child_hashes(h, 1, skip[j], NULL, &sym) == key) known = 1;
            if (known) {
                if (part == 0) printf("reply %d known\n", moves[i]);
                continue;
            }
            if ((nseen - 1) % parts != part) continue;
            long before = expanded;
            double t0 = now();
            int v = run_root(x, o | 1ULL << moves[i], 1, before + max_nodes, seconds, verbose);
            printf("reply %d %s expanded %ld seconds %.1f\n", moves[i], name_of(v),
                   expanded - before, now() - t0);
            fflush(stdout);
            if (v != PROVEN) all = 0;
            else if (book_out && !write_book(book_out, x, o | 1ULL << moves[i], 1)) book_ok = 0;
            if (book_out) fflush(book_out);
        }
        result = all ? PROVEN : UNKNOWN;
    } else {
        result = run_root(x, o, x_to_move, max_nodes, seconds, verbose);
    }
    double took = now() - start;
    printf("result %s\n", name_of(result));
    printf("stats expanded %ld evaluated %ld forcing_nodes %ld table %ld seconds %.2f\n",
           expanded, evaluated, forcing_total, table_used, took);
    if (book_out) {
        if (!(per_reply && !x_to_move) && result == PROVEN)
            book_ok = write_book(book_out, x, o, x_to_move);
        fclose(book_out);
        printf("book %s rows %ld\n", book_ok ? "written" : "failed", book_rows);
        if (!book_ok) return 1;
    }
    return 0;
}
