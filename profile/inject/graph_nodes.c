/* Executable graph -> graph, and a graph's kernel nodes (graph_nodes.h). A
 * small table: apps instantiate few graphs; past GRAPHS_MAX the oldest entry
 * is reused, and a launch of its graph says so in the row. The table keeps a
 * clone of each graph (apps may destroy theirs once instantiated), and a
 * lookup takes the newest entry of an exec (a destroyed exec's handle can
 * come back for another). */
#include "profile/inject/graph_nodes.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define GRAPHS_MAX 256

static struct {
    CUgraphExec exec;
    CUgraph graph;
} graphs[GRAPHS_MAX];
static size_t next_slot;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void graph_nodes_note(CUgraphExec *exec, CUgraph graph)
{
    if (!exec || !*exec)
        return;
    CUgraph clone = NULL;
    if (cuGraphClone(&clone, graph) != CUDA_SUCCESS)
        clone = NULL; /* its launches are then said to run unprofiled */
    pthread_mutex_lock(&lock);
    size_t slot = next_slot % GRAPHS_MAX;
    if (graphs[slot].graph)
        cuGraphDestroy(graphs[slot].graph);
    graphs[slot].exec = *exec;
    graphs[slot].graph = clone;
    next_slot++;
    pthread_mutex_unlock(&lock);
}

static CUgraph graph_of(CUgraphExec exec)
{
    CUgraph g = NULL;
    pthread_mutex_lock(&lock);
    size_t held = next_slot < GRAPHS_MAX ? next_slot : GRAPHS_MAX;
    for (size_t back = 1; back <= held; back++) {
        size_t i = (next_slot - back) % GRAPHS_MAX;
        if (graphs[i].exec == exec) {
            g = graphs[i].graph; /* the newest: NULL when its clone failed */
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return g;
}

/* Position of node in nodes[0..n), or n. */
static size_t index_of(const CUgraphNode *nodes, size_t n, CUgraphNode node)
{
    size_t i = 0;
    while (i < n && nodes[i] != node)
        i++;
    return i;
}

/* nodes in an order where every node follows the nodes it depends on (Kahn). */
static CUresult topological(CUgraph g, CUgraphNode *nodes, size_t n, CUgraphNode *sorted)
{
    size_t ne = 0;
    CUresult r = cuGraphGetEdges(g, NULL, NULL, NULL, &ne);
    CUgraphNode *from = calloc(ne ? ne : 1, sizeof *from), *to = calloc(ne ? ne : 1, sizeof *to);
    size_t *indegree = calloc(n ? n : 1, sizeof *indegree);
    char *done = calloc(n ? n : 1, 1);
    if (!from || !to || !indegree || !done)
        r = CUDA_ERROR_OUT_OF_MEMORY;
    if (r == CUDA_SUCCESS && ne)
        r = cuGraphGetEdges(g, from, to, NULL, &ne);
    for (size_t e = 0; r == CUDA_SUCCESS && e < ne; e++) {
        size_t j = index_of(nodes, n, to[e]);
        if (j < n)
            indegree[j]++;
    }
    for (size_t k = 0; r == CUDA_SUCCESS && k < n; k++) {
        size_t i = 0;
        while (i < n && (done[i] || indegree[i] > 0))
            i++;
        if (i == n) { /* a cycle: graphs have none; keep the driver's order */
            for (size_t j = 0; j < n; j++)
                sorted[j] = nodes[j];
            break;
        }
        done[i] = 1;
        sorted[k] = nodes[i];
        for (size_t e = 0; e < ne; e++) {
            size_t j = from[e] == nodes[i] ? index_of(nodes, n, to[e]) : n;
            if (j < n)
                indegree[j]--;
        }
    }
    free(from);
    free(to);
    free(indegree);
    free(done);
    return r;
}

long graph_nodes_kernels(CUgraphExec exec, CUDA_KERNEL_NODE_PARAMS *out, size_t cap, char *why,
                         size_t why_len)
{
    CUgraph g = graph_of(exec);
    if (!g) {
        snprintf(why, why_len, "a graph launched before mmprof saw it instantiated (or one of more "
                 "than %d): its kernels run unprofiled",
                 GRAPHS_MAX);
        return -1;
    }
    size_t n = 0;
    CUresult r = cuGraphGetNodes(g, NULL, &n);
    CUgraphNode *nodes = calloc(n ? n : 1, sizeof *nodes), *sorted = calloc(n ? n : 1, sizeof *sorted);
    if (!nodes || !sorted)
        r = CUDA_ERROR_OUT_OF_MEMORY;
    if (r == CUDA_SUCCESS)
        r = cuGraphGetNodes(g, nodes, &n);
    if (r == CUDA_SUCCESS)
        r = topological(g, nodes, n, sorted);
    long k = 0, beyond = 0;
    for (size_t i = 0; r == CUDA_SUCCESS && i < n; i++) {
        CUgraphNodeType type;
        if (cuGraphNodeGetType(sorted[i], &type) != CUDA_SUCCESS || type != CU_GRAPH_NODE_TYPE_KERNEL)
            continue;
        if ((size_t)k == cap)
            beyond++;
        else if ((r = cuGraphKernelNodeGetParams(sorted[i], &out[k])) == CUDA_SUCCESS)
            k++;
    }
    if (beyond)
        fprintf(stderr, "mmprof profile: a graph of %ld kernel nodes: the first %zu are profiled, the other %ld "
                        "run unprofiled\n", k + beyond, cap, beyond);
    free(nodes);
    free(sorted);
    if (r != CUDA_SUCCESS) {
        snprintf(why, why_len, "reading the graph's kernel nodes failed (CUresult %d): its kernels "
                 "run unprofiled",
                 (int)r);
        return -1;
    }
    return k;
}
