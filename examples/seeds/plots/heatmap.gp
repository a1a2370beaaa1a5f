# heatmap.gp: GFLOP/s of each Rx x Ry register tile, BS 16 and BS 32 (seed 003)
# Run: examples/seeds (NVIDIA H100 80GB HBM3)
# Variants: rt_b16_1x1, rt_b16_2x1, rt_b16_2x2, rt_b16_2x3, rt_b16_2x8, rt_b16_4x4, rt_b16_5x6, rt_b16_6x6,
#   rt_b16_8x8, rt_b16_16x16, rt_b16_23x24, rt_b16_24x24, rt_b32_1x1, rt_b32_2x1, rt_b32_2x2, rt_b32_2x3,
#   rt_b32_4x4, rt_b32_5x6, rt_b32_6x6
#
# Written by `mmprof plot` with its data in heatmap.dat (same directory). To render again:
#   cd into this directory, then: gnuplot heatmap.gp
#   one format only:             gnuplot -e 'formats="png"' heatmap.gp
if (!exists("formats")) formats = "png svg"
if (!exists("out")) out = "heatmap"
set encoding utf8

# Seed 003 as a grid: GFLOP/s of each register-tiled kernel rt_b<BS>_<Rx>x<Ry> (BS x BS thread
# blocks whose threads compute Rx x Ry outputs each), Rx across, Ry up, one panel per block size,
# all at 2048x2048x2048. Grey cells were skipped (the tile does not fit the SM's registers or shared
# memory) or failed verification; blank cells were not run.
set palette defined (0 "#ffffd9", 0.25 "#c7e9b4", 0.5 "#41b6c4", 0.75 "#225ea8", 1 "#081d58")
set cbrange [0:28950]
set cblabel "GFLOP/s (2 M N K / time)" offset 2.5,0
set format cb "%g"
set colorbox user origin screen 0.895, screen 0.16 size screen 0.018, screen 0.66
set xlabel "Rx: outputs per thread along a row of C"
set ylabel "Ry: outputs per thread along a column of C"
set tics scale 0
set style fill solid 1.0 border lc rgb "white"
unset key
do for [fmt in formats] {
    if (fmt eq "svg") {
        set terminal svg size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    } else {
        set terminal pngcairo size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    }
    set output out.".".fmt

    set multiplot title "Register tiles (seed 003): GFLOP/s at 2048x2048x2048\ngrey: skipped or failed, blank: not run"
    set lmargin at screen 0.085
    set rmargin at screen 0.430
    set tmargin at screen 0.86
    set bmargin at screen 0.13
    set title "BS = 16: rt_b16_<Rx>x<Ry>"
    set xrange [-0.5:8.5]
    set yrange [-0.5:7.5]
    set xtics ("1" 0, "2" 1, "4" 2, "5" 3, "6" 4, "8" 5, "16" 6, "23" 7, "24" 8)
    set ytics ("1" 0, "2" 1, "3" 2, "4" 3, "6" 4, "8" 5, "16" 6, "24" 7)
    plot 'heatmap.dat' index 0 using 1:2:(0.5):(0.5):($6 > 0 ? $3 : NaN) with boxxyerror lc palette, \
         '' index 0 using ($6 > 0 ? NaN : $1):2:(0.5):(0.5) with boxxyerror lc rgb "#bdbdbd", \
         '' index 0 using 1:2:4:5 with labels tc rgb variable font ",10"
    set lmargin at screen 0.515
    set rmargin at screen 0.860
    set tmargin at screen 0.86
    set bmargin at screen 0.13
    set title "BS = 32: rt_b32_<Rx>x<Ry>"
    set xrange [-0.5:4.5]
    set yrange [-0.5:4.5]
    set xtics ("1" 0, "2" 1, "4" 2, "5" 3, "6" 4)
    set ytics ("1" 0, "2" 1, "3" 2, "4" 3, "6" 4)
    plot 'heatmap.dat' index 1 using 1:2:(0.5):(0.5):($6 > 0 ? $3 : NaN) with boxxyerror lc palette, \
         '' index 1 using ($6 > 0 ? NaN : $1):2:(0.5):(0.5) with boxxyerror lc rgb "#bdbdbd", \
         '' index 1 using 1:2:4:5 with labels tc rgb variable font ",10"

    unset multiplot
    unset output
}
