/* The hardware metrics analysis reads from results.csv, by Perfworks name.
 * A metric column's header is the Perfworks name, possibly followed by
 * " (alias)" (the seeds' nvprof name); an absent column or an empty cell
 * means "not measured" and reads as NaN. */
#ifndef MMPROF_ANALYSIS_METRIC_IDS_H
#define MMPROF_ANALYSIS_METRIC_IDS_H

#include <stddef.h>

#include "common/table.h"

#define MET_FADD "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum"
#define MET_FMUL "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum"
#define MET_FFMA "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"
#define MET_GLD_BYTES "sm__sass_data_bytes_mem_global_op_ld.sum"
#define MET_GST_BYTES "sm__sass_data_bytes_mem_global_op_st.sum"
#define MET_GLD_SECTORS "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
#define MET_GST_SECTORS "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
#define MET_GLD_REQUESTS "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
#define MET_GST_REQUESTS "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
/* cp.async (LDGSTS) copies global -> shared, access (through L1) and bypass
 * (16-byte, L2 only) together. Their thread-level bytes are not in
 * MET_GLD_BYTES; their T-stage requests and sectors are already in
 * MET_GLD_REQUESTS and MET_GLD_SECTORS on GH100 (best: the l1tex op_ld counts
 * equal its copies' to the unit, see measured.c), so the LDGSTS sectors are
 * shown as the cp.async share and its requests are not read. */
#define MET_LDGSTS_BYTES "sm__sass_data_bytes_mem_global_op_ldgsts.sum"
#define MET_LDGSTS_SECTORS "sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts.sum"
#define MET_LDGSTS_REQUESTS "sm__sass_l1tex_t_requests_pipe_lsu_mem_global_op_ldgsts.sum"
#define MET_SHARED_LD_WAVEFRONTS "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
#define MET_SHARED_ST_WAVEFRONTS "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
#define MET_SHARED_LD_CONFLICTS "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
#define MET_SHARED_ST_CONFLICTS "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
#define MET_DRAM_BYTES "dram__bytes.sum"
#define MET_DRAM_READ_BYTES "dram__bytes_read.sum"
#define MET_DRAM_WRITE_BYTES "dram__bytes_write.sum"
#define MET_L1_BYTES "l1tex__t_bytes.sum"
#define MET_L2_BYTES "lts__t_bytes.sum"
#define MET_L1_GLD_HIT_PCT "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct"
#define MET_L1_HIT_PCT "l1tex__t_sector_hit_rate.pct"
#define MET_L2_READ_SECTORS_REQUESTED "lrc__request_sectors_op_read_coalescable.sum"
#define MET_L2_READ_SECTORS_FROM_L1 "lts__t_sectors_srcunit_tex_op_read.sum"
#define MET_L2_READ_SECTORS "lts__t_sectors_op_read.sum"
#define MET_ACHIEVED_OCCUPANCY_PCT "sm__warps_active.avg.pct_of_peak_sustained_active"
#define MET_IPC "sm__inst_executed.avg.per_cycle_active"
#define MET_SM_EFFICIENCY_PCT "smsp__cycles_active.avg.pct_of_peak_sustained_elapsed"
#define MET_CYCLES_ELAPSED "sm__cycles_elapsed.avg"
#define MET_CYCLES_PER_SECOND "sm__cycles_elapsed.avg.per_second"

/* Column of metric `name`, matching the header up to " (", or -1. */
int metric_col(const struct table *t, const char *name);
/* Its value in `row`; NaN when the column is absent or the cell empty. */
double metric_value(const struct table *t, size_t row, const char *name);

#endif
