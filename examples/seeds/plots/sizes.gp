# sizes.gp: GFLOP/s vs matrix size per variant (seed 004)
# Run: examples/seeds (NVIDIA H100 80GB HBM3)
# Variants: naive, tiled_t2, tiled_t4, tiled_t8, tiled_t16, tiled_t32, coarse_1x2, coarse_1x4, rt_b16_1x1,
#   rt_b16_2x1, rt_b16_2x2, rt_b16_2x3, rt_b16_2x8, rt_b16_4x4, rt_b16_5x6, rt_b16_6x6, rt_b16_8x8,
#   rt_b16_16x16, rt_b16_23x24, rt_b16_24x24, rt_b32_1x1, rt_b32_2x1, rt_b32_2x2, rt_b32_2x3, rt_b32_4x4,
#   cpu_blas, bt2d, vec, warptile, best, cublas
#
# Written by `mmprof plot` with its data in sizes.dat (same directory). To render again:
#   cd into this directory, then: gnuplot sizes.gp
#   one format only:             gnuplot -e 'formats="png"' sizes.gp
if (!exists("formats")) formats = "png svg"
if (!exists("out")) out = "sizes"
set encoding utf8

# Seed 004: GFLOP/s (2 M N K / median kernel time) of each matmul variant against the matrix
# size, one line per variant. x is N for an N x N x N product, the cube root of M N K otherwise.
# A variant run at one size only is a single point.
set title "Matmul GFLOP/s vs matrix size (seed 004)"
set logscale x 2
set logscale y 10
set xrange [731.429:2867.2]
set yrange [100:100000]
set xtics ("1024" 1024, "2048" 2048)
set format y "%g"
set mytics 10
set grid xtics ytics mytics lc rgb "#dddddd" lw 1, lc rgb "#f0f0f0" lw 1
set xlabel "matrix size N (cube root of M N K)"
set ylabel "GFLOP/s"
set lmargin at screen 0.08
set rmargin at screen 0.78
set tmargin at screen 0.92
set bmargin at screen 0.10
set key at screen 0.80, 0.92 left top vertical samplen 2.5 spacing 0.95 font ",8"
do for [fmt in formats] {
    if (fmt eq "svg") {
        set terminal svg size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    } else {
        set terminal pngcairo size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    }
    set output out.".".fmt

    plot 'sizes.dat' index 0 using 1:2 with linespoints lw 1.5 dt 1 pt 7 ps 1.2 lc rgb "#1f77b4" title "naive", \
         'sizes.dat' index 1 using 1:2 with linespoints lw 1.5 dt 1 pt 5 ps 1.2 lc rgb "#ff7f0e" title "tiled_t2", \
         'sizes.dat' index 2 using 1:2 with linespoints lw 1.5 dt 1 pt 9 ps 1.2 lc rgb "#2ca02c" title "tiled_t4", \
         'sizes.dat' index 3 using 1:2 with linespoints lw 1.5 dt 1 pt 11 ps 1.2 lc rgb "#d62728" title "tiled_t8", \
         'sizes.dat' index 4 using 1:2 with linespoints lw 1.5 dt 1 pt 13 ps 1.2 lc rgb "#9467bd" title "tiled_t16", \
         'sizes.dat' index 5 using 1:2 with linespoints lw 1.5 dt 1 pt 15 ps 1.2 lc rgb "#8c564b" title "tiled_t32", \
         'sizes.dat' index 6 using 1:2 with linespoints lw 1.5 dt 1 pt 6 ps 1.2 lc rgb "#e377c2" title "coarse_1x2", \
         'sizes.dat' index 7 using 1:2 with linespoints lw 1.5 dt 1 pt 4 ps 1.2 lc rgb "#17becf" title "coarse_1x4", \
         'sizes.dat' index 8 using 1:2 with linespoints lw 1.5 dt 1 pt 8 ps 1.2 lc rgb "#7f7f7f" title "rt_b16_1x1", \
         'sizes.dat' index 9 using 1:2 with linespoints lw 1.5 dt 1 pt 10 ps 1.2 lc rgb "#bcbd22" title "rt_b16_2x1", \
         'sizes.dat' index 10 using 1:2 with linespoints lw 1.5 dt 2 pt 12 ps 1.2 lc rgb "#1f77b4" title "rt_b16_2x2", \
         'sizes.dat' index 11 using 1:2 with linespoints lw 1.5 dt 2 pt 14 ps 1.2 lc rgb "#ff7f0e" title "rt_b16_2x3", \
         'sizes.dat' index 12 using 1:2 with linespoints lw 1.5 dt 2 pt 7 ps 1.2 lc rgb "#2ca02c" title "rt_b16_2x8", \
         'sizes.dat' index 13 using 1:2 with linespoints lw 1.5 dt 2 pt 5 ps 1.2 lc rgb "#d62728" title "rt_b16_4x4", \
         'sizes.dat' index 14 using 1:2 with linespoints lw 1.5 dt 2 pt 9 ps 1.2 lc rgb "#9467bd" title "rt_b16_5x6", \
         'sizes.dat' index 15 using 1:2 with linespoints lw 1.5 dt 2 pt 11 ps 1.2 lc rgb "#8c564b" title "rt_b16_6x6", \
         'sizes.dat' index 16 using 1:2 with linespoints lw 1.5 dt 2 pt 13 ps 1.2 lc rgb "#e377c2" title "rt_b16_8x8", \
         'sizes.dat' index 17 using 1:2 with linespoints lw 1.5 dt 2 pt 15 ps 1.2 lc rgb "#17becf" title "rt_b16_16x16", \
         'sizes.dat' index 18 using 1:2 with linespoints lw 1.5 dt 2 pt 6 ps 1.2 lc rgb "#7f7f7f" title "rt_b16_23x24", \
         'sizes.dat' index 19 using 1:2 with linespoints lw 1.5 dt 2 pt 4 ps 1.2 lc rgb "#bcbd22" title "rt_b16_24x24", \
         'sizes.dat' index 20 using 1:2 with linespoints lw 1.5 dt 3 pt 8 ps 1.2 lc rgb "#1f77b4" title "rt_b32_1x1", \
         'sizes.dat' index 21 using 1:2 with linespoints lw 1.5 dt 3 pt 10 ps 1.2 lc rgb "#ff7f0e" title "rt_b32_2x1", \
         'sizes.dat' index 22 using 1:2 with linespoints lw 1.5 dt 3 pt 12 ps 1.2 lc rgb "#2ca02c" title "rt_b32_2x2", \
         'sizes.dat' index 23 using 1:2 with linespoints lw 1.5 dt 3 pt 14 ps 1.2 lc rgb "#d62728" title "rt_b32_2x3", \
         'sizes.dat' index 24 using 1:2 with linespoints lw 1.5 dt 3 pt 7 ps 1.2 lc rgb "#9467bd" title "rt_b32_4x4", \
         'sizes.dat' index 25 using 1:2 with linespoints lw 1.5 dt 3 pt 5 ps 1.2 lc rgb "#8c564b" title "cpu_blas", \
         'sizes.dat' index 26 using 1:2 with linespoints lw 1.5 dt 3 pt 9 ps 1.2 lc rgb "#e377c2" title "bt2d", \
         'sizes.dat' index 27 using 1:2 with linespoints lw 1.5 dt 3 pt 11 ps 1.2 lc rgb "#17becf" title "vec", \
         'sizes.dat' index 28 using 1:2 with linespoints lw 1.5 dt 3 pt 13 ps 1.2 lc rgb "#7f7f7f" title "warptile", \
         'sizes.dat' index 29 using 1:2 with linespoints lw 1.5 dt 3 pt 15 ps 1.2 lc rgb "#bcbd22" title "best", \
         'sizes.dat' index 30 using 1:2 with linespoints lw 1.5 dt 1 pt 6 ps 1.2 lc rgb "#1f77b4" title "cublas"
    unset output
}
