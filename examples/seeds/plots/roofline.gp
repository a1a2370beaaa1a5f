# roofline.gp: hierarchical roofline: GFLOP/s at L1, L2 and DRAM arithmetic intensity
# Run: examples/seeds (NVIDIA H100 80GB HBM3)
# Variants: naive, tiled_t2, tiled_t4, tiled_t8, tiled_t16, tiled_t32, coarse_1x2, coarse_1x4, rt_b16_1x1,
#   rt_b16_2x1, rt_b16_2x2, rt_b16_2x3, rt_b16_2x8, rt_b16_4x4, rt_b16_5x6, rt_b16_6x6, rt_b16_8x8,
#   rt_b16_16x16, rt_b16_23x24, rt_b16_24x24, rt_b32_1x1, rt_b32_2x1, rt_b32_2x2, rt_b32_2x3, rt_b32_4x4,
#   bt2d, vec, warptile, best, cublas
#
# Written by `mmprof plot` with its data in roofline.dat (same directory). To render again:
#   cd into this directory, then: gnuplot roofline.gp
#   one format only:             gnuplot -e 'formats="png"' roofline.gp
if (!exists("formats")) formats = "png svg"
if (!exists("out")) out = "roofline"
set encoding utf8

# Hierarchical roofline: each variant's GFLOP/s (useful FLOPs 2*M*N*K / median time) at three
# arithmetic intensities, executed FLOPs per byte moved at L1, L2 and DRAM (l1tex__t_bytes,
# lts__t_bytes, dram__bytes). A roof is min(bandwidth * intensity, FP32 peak): solid lines are
# the ceilings `mmprof collect` measured, dashed lines the datasheet. Labels on the right name
# each variant; a dotted leader joins the label to the variant's row of points.
slope(x, bw, peak) = (bw * x <= peak) ? bw * x : 1/0
flat(x, bw, peak) = (bw * x >= peak) ? peak : 1/0
BW_L1 = 32482.2  # GB/s, measured
BW_L2 = 7517.65  # GB/s, measured
BW_DRAM = 3176.9  # GB/s, measured
PEAK = 65385.9  # GFLOP/s, measured FP32
BW_WIDEST = 32482.2
DS_PEAK = 66900  # GFLOP/s, datasheet FP32 at boost
DS_DRAM = 3350  # GB/s, datasheet

set title "Hierarchical roofline: matmul variants at 2048x2048x2048 on NVIDIA H100 80GB HBM3"
set logscale xy 10
set xrange [0.05:1000]
set yrange [100:120420]
set xlabel "arithmetic intensity (FLOP / byte)"
set ylabel "performance (GFLOP/s)"
set format x "%g"
set format y "%g"
set mxtics 10
set mytics 10
set grid xtics ytics lc rgb "#dddddd" lw 1, lc rgb "#eeeeee" lw 1
set samples 4000
set lmargin at screen 0.080
set rmargin at screen 0.800
set tmargin at screen 0.900
set bmargin at screen 0.200
set key at screen 0.5, 0.01 center bottom horizontal maxcols 3 width 2 samplen 3 font ",10" title "solid: ceilings measured by mmprof collect; dashed: datasheet H100 SXM5 80GB"
set label 1 "naive" at graph 1.035, graph 0.3000 left font ",10" tc rgb "#222222"
set arrow from first 369.091, first 6382.13 to graph 1, first 6382.13 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 6382.13 to graph 1.03, graph 0.3000 nohead lc rgb "#999999"
set label 2 "tiled_t2" at graph 1.035, graph 0.1374 left font ",10" tc rgb "#222222"
set arrow from first 358.664, first 264.96 to graph 1, first 264.96 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 264.96 to graph 1.03, graph 0.1374 nohead lc rgb "#999999"
set label 3 "tiled_t4" at graph 1.035, graph 0.2429 left font ",10" tc rgb "#222222"
set arrow from first 374.437, first 1607.48 to graph 1, first 1607.48 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 1607.48 to graph 1.03, graph 0.2429 nohead lc rgb "#999999"
set label 4 "tiled_t8" at graph 1.035, graph 0.2714 left font ",10" tc rgb "#222222"
set arrow from first 375.426, first 5102.29 to graph 1, first 5102.29 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 5102.29 to graph 1.03, graph 0.2714 nohead lc rgb "#999999"
set label 5 "tiled_t16" at graph 1.035, graph 0.3571 left font ",10" tc rgb "#222222"
set arrow from first 374.552, first 8136.13 to graph 1, first 8136.13 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 8136.13 to graph 1.03, graph 0.3571 nohead lc rgb "#999999"
set label 6 "tiled_t32" at graph 1.035, graph 0.4429 left font ",10" tc rgb "#222222"
set arrow from first 372.8, first 9241.89 to graph 1, first 9241.89 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9241.89 to graph 1.03, graph 0.4429 nohead lc rgb "#999999"
set label 7 "coarse_1x2" at graph 1.035, graph 0.4714 left font ",10" tc rgb "#222222"
set arrow from first 376.255, first 9664.47 to graph 1, first 9664.47 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9664.47 to graph 1.03, graph 0.4714 nohead lc rgb "#999999"
set label 8 "coarse_1x4" at graph 1.035, graph 0.5286 left font ",10" tc rgb "#222222"
set arrow from first 377.438, first 10665.7 to graph 1, first 10665.7 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 10665.7 to graph 1.03, graph 0.5286 nohead lc rgb "#999999"
set label 9 "rt_b16_1x1" at graph 1.035, graph 0.3857 left font ",10" tc rgb "#222222"
set arrow from first 374.043, first 8142.92 to graph 1, first 8142.92 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 8142.92 to graph 1.03, graph 0.3857 nohead lc rgb "#999999"
set label 10 "rt_b16_2x1" at graph 1.035, graph 0.5000 left font ",10" tc rgb "#222222"
set arrow from first 375.243, first 9920.1 to graph 1, first 9920.1 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9920.1 to graph 1.03, graph 0.5000 nohead lc rgb "#999999"
set label 11 "rt_b16_2x2" at graph 1.035, graph 0.5857 left font ",10" tc rgb "#222222"
set arrow from first 372.103, first 15321.2 to graph 1, first 15321.2 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 15321.2 to graph 1.03, graph 0.5857 nohead lc rgb "#999999"
set label 12 "rt_b16_2x3" at graph 1.035, graph 0.7000 left font ",10" tc rgb "#222222"
set arrow from first 367.79, first 19926.2 to graph 1, first 19926.2 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 19926.2 to graph 1.03, graph 0.7000 nohead lc rgb "#999999"
set label 13 "rt_b16_2x8" at graph 1.035, graph 0.7857 left font ",10" tc rgb "#222222"
set arrow from first 324.235, first 24299.4 to graph 1, first 24299.4 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 24299.4 to graph 1.03, graph 0.7857 nohead lc rgb "#999999"
set label 14 "rt_b16_4x4" at graph 1.035, graph 0.8143 left font ",10" tc rgb "#222222"
set arrow from first 347.639, first 24763.4 to graph 1, first 24763.4 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 24763.4 to graph 1.03, graph 0.8143 nohead lc rgb "#999999"
set label 15 "rt_b16_5x6" at graph 1.035, graph 0.6714 left font ",10" tc rgb "#222222"
set arrow from first 354.322, first 19717.6 to graph 1, first 19717.6 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 19717.6 to graph 1.03, graph 0.6714 nohead lc rgb "#999999"
set label 16 "rt_b16_6x6" at graph 1.035, graph 0.8429 left font ",10" tc rgb "#222222"
set arrow from first 304.053, first 24895.5 to graph 1, first 24895.5 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 24895.5 to graph 1.03, graph 0.8429 nohead lc rgb "#999999"
set label 17 "rt_b16_8x8" at graph 1.035, graph 0.7571 left font ",10" tc rgb "#222222"
set arrow from first 506.708, first 22585.1 to graph 1, first 22585.1 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 22585.1 to graph 1.03, graph 0.7571 nohead lc rgb "#999999"
set label 18 "rt_b16_16x16" at graph 1.035, graph 0.3286 left font ",10" tc rgb "#222222"
set arrow from first 497.519, first 8101.76 to graph 1, first 8101.76 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 8101.76 to graph 1.03, graph 0.3286 nohead lc rgb "#999999"
set label 19 "rt_b16_23x24" at graph 1.035, graph 0.2143 left font ",10" tc rgb "#222222"
set arrow from first 39.5433, first 949.177 to graph 1, first 949.177 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 949.177 to graph 1.03, graph 0.2143 nohead lc rgb "#999999"
set label 20 "rt_b16_24x24" at graph 1.035, graph 0.1857 left font ",10" tc rgb "#222222"
set arrow from first 18.7065, first 872.345 to graph 1, first 872.345 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 872.345 to graph 1.03, graph 0.1857 nohead lc rgb "#999999"
set label 21 "rt_b32_1x1" at graph 1.035, graph 0.4143 left font ",10" tc rgb "#222222"
set arrow from first 371.939, first 9241.18 to graph 1, first 9241.18 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9241.18 to graph 1.03, graph 0.4143 nohead lc rgb "#999999"
set label 22 "rt_b32_2x1" at graph 1.035, graph 0.5571 left font ",10" tc rgb "#222222"
set arrow from first 371.356, first 10868.3 to graph 1, first 10868.3 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 10868.3 to graph 1.03, graph 0.5571 nohead lc rgb "#999999"
set label 23 "rt_b32_2x2" at graph 1.035, graph 0.6143 left font ",10" tc rgb "#222222"
set arrow from first 359.686, first 15630.3 to graph 1, first 15630.3 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 15630.3 to graph 1.03, graph 0.6143 nohead lc rgb "#999999"
set label 24 "rt_b32_2x3" at graph 1.035, graph 0.6429 left font ",10" tc rgb "#222222"
set arrow from first 333.744, first 19493.2 to graph 1, first 19493.2 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 19493.2 to graph 1.03, graph 0.6429 nohead lc rgb "#999999"
set label 25 "rt_b32_4x4" at graph 1.035, graph 0.8714 left font ",10" tc rgb "#222222"
set arrow from first 295.623, first 27571.4 to graph 1, first 27571.4 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 27571.4 to graph 1.03, graph 0.8714 nohead lc rgb "#999999"
set label 26 "bt2d" at graph 1.035, graph 0.7286 left font ",10" tc rgb "#222222"
set arrow from first 294.678, first 20836.4 to graph 1, first 20836.4 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 20836.4 to graph 1.03, graph 0.7286 nohead lc rgb "#999999"
set label 27 "vec" at graph 1.035, graph 0.9000 left font ",10" tc rgb "#222222"
set arrow from first 510.636, first 33242.8 to graph 1, first 33242.8 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 33242.8 to graph 1.03, graph 0.9000 nohead lc rgb "#999999"
set label 28 "warptile" at graph 1.035, graph 0.9286 left font ",10" tc rgb "#222222"
set arrow from first 510.128, first 33980.2 to graph 1, first 33980.2 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 33980.2 to graph 1.03, graph 0.9286 nohead lc rgb "#999999"
set label 29 "best" at graph 1.035, graph 0.9571 left font ",10" tc rgb "#222222"
set arrow from first 510.854, first 44724.3 to graph 1, first 44724.3 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 44724.3 to graph 1.03, graph 0.9571 nohead lc rgb "#999999"
set label 30 "cublas" at graph 1.035, graph 0.9857 left font ",10" tc rgb "#222222"
set arrow from first 510.524, first 50095.3 to graph 1, first 50095.3 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 50095.3 to graph 1.03, graph 0.9857 nohead lc rgb "#999999"

do for [fmt in formats] {
    if (fmt eq "svg") {
        set terminal svg size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    } else {
        set terminal pngcairo size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    }
    set output out.".".fmt

    plot slope(x, BW_L1, PEAK) lw 2 lc rgb "#1f77b4" title "L1/shared 32.5 TB/s", \
         slope(x, BW_L2, PEAK) lw 2 lc rgb "#2ca02c" title "L2 read 7.52 TB/s", \
         slope(x, BW_DRAM, PEAK) lw 2 lc rgb "#d62728" title "DRAM write 3.18 TB/s", \
         flat(x, BW_WIDEST, PEAK) lw 2 lc rgb "black" title "FP32 65.4 TFLOP/s (SM 1979 MHz)", \
         slope(x, DS_DRAM, DS_PEAK) lw 1.5 dt 2 lc rgb "#d62728" title "DRAM 3.35 TB/s", \
         flat(x, DS_DRAM, DS_PEAK) lw 1.5 dt 2 lc rgb "black" title "FP32 66.9 TFLOP/s (1980 MHz)", \
         'roofline.dat' using 6:2:($7-$6):(0) with vectors nohead lw 1 lc rgb "#aaaaaa" notitle, \
         'roofline.dat' using 3:2 with points pt 7 ps 1.4 lc rgb "#1f77b4" title "L1 intensity", \
         'roofline.dat' using 4:2 with points pt 5 ps 1.4 lc rgb "#2ca02c" title "L2 intensity", \
         'roofline.dat' using 5:2 with points pt 9 ps 1.4 lc rgb "#d62728" title "DRAM intensity"
    unset output
}
