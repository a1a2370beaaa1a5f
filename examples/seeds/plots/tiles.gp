# tiles.gp: time and GFLOP/s vs TILE_WIDTH, one line per size, naive as reference (seed 000)
# Run: examples/seeds (NVIDIA H100 80GB HBM3)
# Variants: tiled_t2, tiled_t4, tiled_t8, tiled_t16, tiled_t32, naive
#
# Written by `mmprof plot` with its data in tiles.dat (same directory). To render again:
#   cd into this directory, then: gnuplot tiles.gp
#   one format only:             gnuplot -e 'formats="png"' tiles.gp
if (!exists("formats")) formats = "png svg"
if (!exists("out")) out = "tiles"
set encoding utf8

# Seed 000's tables as lines: kernel time (left) and GFLOP/s (right) against TILE_WIDTH for the
# shared-memory tiled kernels (tiled_tT: T x T thread blocks and tiles), one line per problem
# size. The dashed line of the same colour is the naive kernel (global memory only) at that size.
set logscale x 2
set xrange [1.42857:44.8]
set xtics ("2\ntiled_t2" 2, "4\ntiled_t4" 4, "8\ntiled_t8" 8, "16\ntiled_t16" 16, "32\ntiled_t32" 32)
set format y "%g"
set mytics 10
set grid xtics ytics mytics lc rgb "#dddddd" lw 1, lc rgb "#f0f0f0" lw 1
set xlabel "TILE_WIDTH (thread block and shared-memory tile: T x T)" offset 0,-1
do for [fmt in formats] {
    if (fmt eq "svg") {
        set terminal svg size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    } else {
        set terminal pngcairo size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    }
    set output out.".".fmt

    set multiplot title "Tiled matmul: kernel time and GFLOP/s vs TILE_WIDTH (seed 000)"
    set key at screen 0.5, 0.015 center bottom vertical samplen 3 font ",10"
    set tmargin at screen 0.86
    set bmargin at screen 0.27
    set lmargin at screen 0.08
    set rmargin at screen 0.47
    set logscale y 10
    set yrange [0.1:100]
    set ylabel "kernel time (ms, median of timed runs)"
    set title "time (lower is better)"
    plot 'tiles.dat' index 0 using 1:2 with linespoints lw 2 pt 7 ps 1.3 lc rgb "#1f77b4" title "1024x1024x1024", \
         '' index 1 using 1:2 with lines dt 2 lw 1.5 lc rgb "#1f77b4" notitle, \
         'tiles.dat' index 2 using 1:2 with linespoints lw 2 pt 5 ps 1.3 lc rgb "#ff7f0e" title "2048x2048x2048", \
         '' index 3 using 1:2 with lines dt 2 lw 1.5 lc rgb "#ff7f0e" notitle, \
         NaN with lines dt 2 lw 1.5 lc rgb "black" title "naive at the same size (dashed)"
    unset key
    set lmargin at screen 0.58
    set rmargin at screen 0.97
    set yrange [100:20000]
    set ylabel "GFLOP/s (2 M N K / time)"
    set title "GFLOP/s (higher is better)"
    plot 'tiles.dat' index 0 using 1:3 with linespoints lw 2 pt 7 ps 1.3 lc rgb "#1f77b4" title "1024x1024x1024", \
         '' index 1 using 1:3 with lines dt 2 lw 1.5 lc rgb "#1f77b4" notitle, \
         'tiles.dat' index 2 using 1:3 with linespoints lw 2 pt 5 ps 1.3 lc rgb "#ff7f0e" title "2048x2048x2048", \
         '' index 3 using 1:3 with lines dt 2 lw 1.5 lc rgb "#ff7f0e" notitle, \
         NaN with lines dt 2 lw 1.5 lc rgb "black" title "naive at the same size (dashed)"
    unset multiplot
    unset output
}
