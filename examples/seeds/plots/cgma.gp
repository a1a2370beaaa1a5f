# cgma.gp: theoretical vs measured CGMA: thread-level, L1<->L2 sector and DRAM words
# Run: examples/seeds (NVIDIA H100 80GB HBM3)
# Variants: naive, tiled_t2, tiled_t4, tiled_t8, tiled_t16, tiled_t32, coarse_1x2, coarse_1x4, rt_b16_1x1,
#   rt_b16_2x1, rt_b16_2x2, rt_b16_2x3, rt_b16_2x8, rt_b16_4x4, rt_b16_5x6, rt_b16_6x6, rt_b16_8x8,
#   rt_b16_16x16, rt_b16_23x24, rt_b16_24x24, rt_b32_1x1, rt_b32_2x1, rt_b32_2x2, rt_b32_2x3, rt_b32_4x4,
#   bt2d, vec, warptile, best
#
# Written by `mmprof plot` with its data in cgma.dat (same directory). To render again:
#   cd into this directory, then: gnuplot cgma.gp
#   one format only:             gnuplot -e 'formats="png"' cgma.gp
if (!exists("formats")) formats = "png svg"
if (!exists("out")) out = "cgma"
set encoding utf8

# Theoretical vs measured CGMA (compute to global memory access: FLOPs per 4-byte word) of each
# matmul variant at its largest size. x: the model (analysis.csv theory_cgma_flop_per_word);
# y: three measured definitions, all useful FLOPs (2MNK) per 4-byte word the kernel moved:
#   thread-level   words the threads asked for (sm__sass_data_bytes_mem_global_op_ld/st/ldgsts / 4)
#   sector-level   words moved between L1 and L2 (8 per 32-byte sector of global ld/st)
#   DRAM           words read and written in DRAM (4 x meas_intensity_dram_flop_per_byte)
# On the dashed line measurement equals theory. Variant names above the chart, joined to their x.
# the title sits above the variant names, so it is a label at the top of the canvas
set label 1000 "Theoretical vs measured CGMA (FLOPs per 4-byte global word)" at screen 0.5, screen 0.975 center font ",12"
set logscale xy 10
set xrange [0.5:500]
set yrange [0.2:5000]
set format x "%g"
set format y "%g"
set mxtics 10
set mytics 10
set grid xtics ytics lc rgb "#dddddd" lw 1
set xlabel "theoretical CGMA (FLOP per word)"
set ylabel "measured CGMA (FLOP per word)"
set lmargin at screen 0.080
set rmargin at screen 0.960
set tmargin at screen 0.760
set bmargin at screen 0.140
set key at screen 0.5, 0.015 center bottom horizontal samplen 3 font ",10"
set label 1 "naive" at graph 0.1003, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 0.999756, graph 1 to graph 0.1003, graph 1.03 nohead lc rgb "#999999"
set label 2 "tiled_t2" at graph 0.2006, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 1.99902, graph 1 to graph 0.2006, graph 1.03 nohead lc rgb "#999999"
set label 3 "tiled_t4" at graph 0.3009, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 3.9961, graph 1 to graph 0.3009, graph 1.03 nohead lc rgb "#999999"
set label 4 "tiled_t8" at graph 0.4011, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 7.98441, graph 1 to graph 0.4011, graph 1.03 nohead lc rgb "#999999"
set label 5 "tiled_t16" at graph 0.4941, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 15.9377, graph 1 to graph 0.4941, graph 1.03 nohead lc rgb "#999999"
set label 6 "tiled_t32" at graph 0.5859, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 31.7519, graph 1 to graph 0.5859, graph 1.03 nohead lc rgb "#999999"
set label 7 "coarse_1x2" at graph 0.5355, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 21.2228, graph 1 to graph 0.5355, graph 1.03 nohead lc rgb "#999999"
set label 8 "coarse_1x4" at graph 0.5689, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 25.441, graph 1 to graph 0.5689, graph 1.03 nohead lc rgb "#999999"
set label 9 "rt_b16_1x1" at graph 0.5083, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 15.9377, graph 1 to graph 0.5083, graph 1.03 nohead lc rgb "#999999"
set label 10 "rt_b16_2x1" at graph 0.5497, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 21.2228, graph 1 to graph 0.5497, graph 1.03 nohead lc rgb "#999999"
set label 11 "rt_b16_2x2" at graph 0.6001, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 31.7519, graph 1 to graph 0.6001, graph 1.03 nohead lc rgb "#999999"
set label 12 "rt_b16_2x3" at graph 0.6285, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 37.9259, graph 1 to graph 0.6285, graph 1.03 nohead lc rgb "#999999"
set label 13 "rt_b16_2x8" at graph 0.6683, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 50.5679, graph 1 to graph 0.6683, graph 1.03 nohead lc rgb "#999999"
set label 14 "rt_b16_4x4" at graph 0.6931, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 63.0154, graph 1 to graph 0.6931, graph 1.03 nohead lc rgb "#999999"
set label 15 "rt_b16_5x6" at graph 0.7401, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 83.5918, graph 1 to graph 0.7401, graph 1.03 nohead lc rgb "#999999"
set label 16 "rt_b16_6x6" at graph 0.7543, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 91.0222, graph 1 to graph 0.7543, graph 1.03 nohead lc rgb "#999999"
set label 17 "rt_b16_8x8" at graph 0.7695, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 124.121, graph 1 to graph 0.7695, graph 1.03 nohead lc rgb "#999999"
set label 18 "rt_b16_16x16" at graph 0.8943, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 240.941, graph 1 to graph 0.8943, graph 1.03 nohead lc rgb "#999999"
set label 19 "rt_b16_23x24" at graph 0.9260, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 315.077, graph 1 to graph 0.9260, graph 1.03 nohead lc rgb "#999999"
set label 20 "rt_b16_24x24" at graph 0.9403, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 315.077, graph 1 to graph 0.9403, graph 1.03 nohead lc rgb "#999999"
set label 21 "rt_b32_1x1" at graph 0.6143, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 31.7519, graph 1 to graph 0.6143, graph 1.03 nohead lc rgb "#999999"
set label 22 "rt_b32_2x1" at graph 0.6427, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 42.2268, graph 1 to graph 0.6427, graph 1.03 nohead lc rgb "#999999"
set label 23 "rt_b32_2x2" at graph 0.7073, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 63.0154, graph 1 to graph 0.7073, graph 1.03 nohead lc rgb "#999999"
set label 24 "rt_b32_2x3" at graph 0.7243, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 74.4727, graph 1 to graph 0.7243, graph 1.03 nohead lc rgb "#999999"
set label 25 "rt_b32_4x4" at graph 0.7837, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 124.121, graph 1 to graph 0.7837, graph 1.03 nohead lc rgb "#999999"
set label 26 "bt2d" at graph 0.7979, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 124.121, graph 1 to graph 0.7979, graph 1.03 nohead lc rgb "#999999"
set label 27 "vec" at graph 0.8121, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 124.121, graph 1 to graph 0.8121, graph 1.03 nohead lc rgb "#999999"
set label 28 "warptile" at graph 0.8263, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 124.121, graph 1 to graph 0.8263, graph 1.03 nohead lc rgb "#999999"
set label 29 "best" at graph 0.8405, graph 1.035 rotate by 90 left font ",9" tc rgb "#222222"
set arrow from first 163.84, graph 1 to graph 0.8405, graph 1.03 nohead lc rgb "#999999"

do for [fmt in formats] {
    if (fmt eq "svg") {
        set terminal svg size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    } else {
        set terminal pngcairo size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    }
    set output out.".".fmt

    plot x with lines dt 2 lw 1.5 lc rgb "#666666" title "y = x (measured = theory)", \
         'cgma.dat' using 2:4 with points pt 4 ps 1.8 lw 2 lc rgb "#2ca02c" title "L1<->L2 sector words", \
         'cgma.dat' using 2:3 with points pt 7 ps 1.2 lc rgb "#1f77b4" title "thread-level words", \
         'cgma.dat' using 2:5 with points pt 9 ps 1.4 lc rgb "#d62728" title "DRAM words"
    unset output
}
