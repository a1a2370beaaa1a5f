# roofline.gp: hierarchical roofline: GFLOP/s at L1, L2 and DRAM arithmetic intensity
# Run: examples/seeds (NVIDIA H200)
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
BW_L1 = 32454.1  # GB/s, measured
BW_L2 = 8523.27  # GB/s, measured
BW_DRAM = 4514.86  # GB/s, measured
PEAK = 65543.3  # GFLOP/s, measured FP32
BW_WIDEST = 32454.1
DS_PEAK = 66900  # GFLOP/s, datasheet FP32 at boost
DS_DRAM = 4800  # GB/s, datasheet

set title "Hierarchical roofline: matmul variants at 2048x2048x2048 on NVIDIA H200"
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
set key at screen 0.5, 0.01 center bottom horizontal maxcols 3 width 2 samplen 3 font ",10" title "solid: ceilings measured by mmprof collect; dashed: datasheet H200 SXM 141GB"
set label 1 "naive" at graph 1.035, graph 0.3000 left font ",10" tc rgb "#222222"
set arrow from first 396.128, first 6374.62 to graph 1, first 6374.62 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 6374.62 to graph 1.03, graph 0.3000 nohead lc rgb "#999999"
set label 2 "tiled_t2" at graph 1.035, graph 0.1373 left font ",10" tc rgb "#222222"
set arrow from first 384.611, first 264.777 to graph 1, first 264.777 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 264.777 to graph 1.03, graph 0.1373 nohead lc rgb "#999999"
set label 3 "tiled_t4" at graph 1.035, graph 0.2429 left font ",10" tc rgb "#222222"
set arrow from first 396.92, first 1606.12 to graph 1, first 1606.12 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 1606.12 to graph 1.03, graph 0.2429 nohead lc rgb "#999999"
set label 4 "tiled_t8" at graph 1.035, graph 0.2714 left font ",10" tc rgb "#222222"
set arrow from first 393.878, first 5106.47 to graph 1, first 5106.47 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 5106.47 to graph 1.03, graph 0.2714 nohead lc rgb "#999999"
set label 5 "tiled_t16" at graph 1.035, graph 0.3571 left font ",10" tc rgb "#222222"
set arrow from first 396.477, first 8137.86 to graph 1, first 8137.86 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 8137.86 to graph 1.03, graph 0.3571 nohead lc rgb "#999999"
set label 6 "tiled_t32" at graph 1.035, graph 0.4429 left font ",10" tc rgb "#222222"
set arrow from first 398.779, first 9227.68 to graph 1, first 9227.68 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9227.68 to graph 1.03, graph 0.4429 nohead lc rgb "#999999"
set label 7 "coarse_1x2" at graph 1.035, graph 0.4714 left font ",10" tc rgb "#222222"
set arrow from first 400.473, first 9673.18 to graph 1, first 9673.18 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9673.18 to graph 1.03, graph 0.4714 nohead lc rgb "#999999"
set label 8 "coarse_1x4" at graph 1.035, graph 0.5286 left font ",10" tc rgb "#222222"
set arrow from first 402.083, first 10680.6 to graph 1, first 10680.6 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 10680.6 to graph 1.03, graph 0.5286 nohead lc rgb "#999999"
set label 9 "rt_b16_1x1" at graph 1.035, graph 0.3857 left font ",10" tc rgb "#222222"
set arrow from first 396.976, first 8141.32 to graph 1, first 8141.32 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 8141.32 to graph 1.03, graph 0.3857 nohead lc rgb "#999999"
set label 10 "rt_b16_2x1" at graph 1.035, graph 0.5000 left font ",10" tc rgb "#222222"
set arrow from first 400.079, first 9922.03 to graph 1, first 9922.03 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9922.03 to graph 1.03, graph 0.5000 nohead lc rgb "#999999"
set label 11 "rt_b16_2x2" at graph 1.035, graph 0.5857 left font ",10" tc rgb "#222222"
set arrow from first 403.842, first 15327.8 to graph 1, first 15327.8 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 15327.8 to graph 1.03, graph 0.5857 nohead lc rgb "#999999"
set label 12 "rt_b16_2x3" at graph 1.035, graph 0.7000 left font ",10" tc rgb "#222222"
set arrow from first 409.171, first 19865.3 to graph 1, first 19865.3 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 19865.3 to graph 1.03, graph 0.7000 nohead lc rgb "#999999"
set label 13 "rt_b16_2x8" at graph 1.035, graph 0.7857 left font ",10" tc rgb "#222222"
set arrow from first 386.913, first 24275.2 to graph 1, first 24275.2 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 24275.2 to graph 1.03, graph 0.7857 nohead lc rgb "#999999"
set label 14 "rt_b16_4x4" at graph 1.035, graph 0.8143 left font ",10" tc rgb "#222222"
set arrow from first 411.143, first 24632.8 to graph 1, first 24632.8 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 24632.8 to graph 1.03, graph 0.8143 nohead lc rgb "#999999"
set label 15 "rt_b16_5x6" at graph 1.035, graph 0.6714 left font ",10" tc rgb "#222222"
set arrow from first 447.468, first 19660.6 to graph 1, first 19660.6 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 19660.6 to graph 1.03, graph 0.6714 nohead lc rgb "#999999"
set label 16 "rt_b16_6x6" at graph 1.035, graph 0.8429 left font ",10" tc rgb "#222222"
set arrow from first 400.973, first 24804.6 to graph 1, first 24804.6 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 24804.6 to graph 1.03, graph 0.8429 nohead lc rgb "#999999"
set label 17 "rt_b16_8x8" at graph 1.035, graph 0.7571 left font ",10" tc rgb "#222222"
set arrow from first 507.39, first 22677.7 to graph 1, first 22677.7 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 22677.7 to graph 1.03, graph 0.7571 nohead lc rgb "#999999"
set label 18 "rt_b16_16x16" at graph 1.035, graph 0.3286 left font ",10" tc rgb "#222222"
set arrow from first 506.493, first 8108.49 to graph 1, first 8108.49 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 8108.49 to graph 1.03, graph 0.3286 nohead lc rgb "#999999"
set label 19 "rt_b16_23x24" at graph 1.035, graph 0.2143 left font ",10" tc rgb "#222222"
set arrow from first 100.563, first 1010.81 to graph 1, first 1010.81 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 1010.81 to graph 1.03, graph 0.2143 nohead lc rgb "#999999"
set label 20 "rt_b16_24x24" at graph 1.035, graph 0.1857 left font ",10" tc rgb "#222222"
set arrow from first 70.678, first 914.612 to graph 1, first 914.612 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 914.612 to graph 1.03, graph 0.1857 nohead lc rgb "#999999"
set label 21 "rt_b32_1x1" at graph 1.035, graph 0.4143 left font ",10" tc rgb "#222222"
set arrow from first 395.486, first 9225.93 to graph 1, first 9225.93 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 9225.93 to graph 1.03, graph 0.4143 nohead lc rgb "#999999"
set label 22 "rt_b32_2x1" at graph 1.035, graph 0.5571 left font ",10" tc rgb "#222222"
set arrow from first 403.592, first 10861.7 to graph 1, first 10861.7 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 10861.7 to graph 1.03, graph 0.5571 nohead lc rgb "#999999"
set label 23 "rt_b32_2x2" at graph 1.035, graph 0.6143 left font ",10" tc rgb "#222222"
set arrow from first 404.729, first 15511.1 to graph 1, first 15511.1 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 15511.1 to graph 1.03, graph 0.6143 nohead lc rgb "#999999"
set label 24 "rt_b32_2x3" at graph 1.035, graph 0.6429 left font ",10" tc rgb "#222222"
set arrow from first 416.665, first 19470.2 to graph 1, first 19470.2 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 19470.2 to graph 1.03, graph 0.6429 nohead lc rgb "#999999"
set label 25 "rt_b32_4x4" at graph 1.035, graph 0.8714 left font ",10" tc rgb "#222222"
set arrow from first 363.588, first 27699.5 to graph 1, first 27699.5 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 27699.5 to graph 1.03, graph 0.8714 nohead lc rgb "#999999"
set label 26 "bt2d" at graph 1.035, graph 0.7286 left font ",10" tc rgb "#222222"
set arrow from first 357.902, first 20894 to graph 1, first 20894 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 20894 to graph 1.03, graph 0.7286 nohead lc rgb "#999999"
set label 27 "vec" at graph 1.035, graph 0.9000 left font ",10" tc rgb "#222222"
set arrow from first 509.907, first 33055.5 to graph 1, first 33055.5 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 33055.5 to graph 1.03, graph 0.9000 nohead lc rgb "#999999"
set label 28 "warptile" at graph 1.035, graph 0.9286 left font ",10" tc rgb "#222222"
set arrow from first 507.194, first 33757 to graph 1, first 33757 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 33757 to graph 1.03, graph 0.9286 nohead lc rgb "#999999"
set label 29 "best" at graph 1.035, graph 0.9571 left font ",10" tc rgb "#222222"
set arrow from first 510.804, first 44780.3 to graph 1, first 44780.3 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 44780.3 to graph 1.03, graph 0.9571 nohead lc rgb "#999999"
set label 30 "cublas" at graph 1.035, graph 0.9857 left font ",10" tc rgb "#222222"
set arrow from first 510.547, first 50188.9 to graph 1, first 50188.9 nohead dt 3 lc rgb "#999999"
set arrow from graph 1, first 50188.9 to graph 1.03, graph 0.9857 nohead lc rgb "#999999"

do for [fmt in formats] {
    if (fmt eq "svg") {
        set terminal svg size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    } else {
        set terminal pngcairo size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    }
    set output out.".".fmt

    plot slope(x, BW_L1, PEAK) lw 2 lc rgb "#1f77b4" title "L1/shared 32.5 TB/s", \
         slope(x, BW_L2, PEAK) lw 2 lc rgb "#2ca02c" title "L2 read 8.52 TB/s", \
         slope(x, BW_DRAM, PEAK) lw 2 lc rgb "#d62728" title "DRAM read 4.51 TB/s", \
         flat(x, BW_WIDEST, PEAK) lw 2 lc rgb "black" title "FP32 65.5 TFLOP/s (SM 1980 MHz)", \
         slope(x, DS_DRAM, DS_PEAK) lw 1.5 dt 2 lc rgb "#d62728" title "DRAM 4.8 TB/s", \
         flat(x, DS_DRAM, DS_PEAK) lw 1.5 dt 2 lc rgb "black" title "FP32 66.9 TFLOP/s (1980 MHz)", \
         'roofline.dat' using 6:2:($7-$6):(0) with vectors nohead lw 1 lc rgb "#aaaaaa" notitle, \
         'roofline.dat' using 3:2 with points pt 7 ps 1.4 lc rgb "#1f77b4" title "L1 intensity", \
         'roofline.dat' using 4:2 with points pt 5 ps 1.4 lc rgb "#2ca02c" title "L2 intensity", \
         'roofline.dat' using 5:2 with points pt 9 ps 1.4 lc rgb "#d62728" title "DRAM intensity"
    unset output
}
