/* The kernel nodes of an instantiated CUDA graph, so a graph launch is
 * profiled node by node (ncu's default --graph-profiling node): the graph an
 * executable graph came from is remembered when the app instantiates it
 * (CUPTI callbacks of cuGraphInstantiate*), and its kernel nodes are read
 * back at launch. Node parameters changed on the executable graph alone
 * (cuGraphExecKernelNodeSetParams) are not seen: the node is profiled as the
 * graph holds it. */
#ifndef MMPROF_PROFILE_INJECT_GRAPH_NODES_H
#define MMPROF_PROFILE_INJECT_GRAPH_NODES_H

#include <cuda.h>
#include <cupti_callbacks.h>
#include <stddef.h>

/* Remembers that exec was instantiated from graph. */
void graph_nodes_note(CUgraphExec *exec, CUgraph graph);
/* Remembers exec -> graph at the exit of a cuGraphInstantiate* callback;
 * 1 when cbid was one. */
int graph_nodes_note_instantiate(CUpti_CallbackId cbid, const void *params);
/* 1 and *exec, *stream when cbid launches a graph. */
int graph_nodes_launch(CUpti_CallbackId cbid, const void *params, CUgraphExec *exec,
                       CUstream *stream);
/* The kernel nodes' parameters of the graph exec was instantiated from, into
 * out (at most cap); returns how many, or -1 when exec is unknown or the
 * driver refuses (why set). */
long graph_nodes_kernels(CUgraphExec exec, CUDA_KERNEL_NODE_PARAMS *out, size_t cap, char *why,
                         size_t why_len);

#endif
