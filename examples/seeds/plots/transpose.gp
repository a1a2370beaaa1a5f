# transpose.gp: transpose effective bandwidth per variant and size, tr_copy as reference (seed 002)
# Run: examples/seeds (NVIDIA H100 80GB HBM3)
# Variants: tr_copy, tr_copy_shared, tr_naive, tr_coalesced, tr_padded, tr_copy_16x16, tr_copy_shared_16x16,
#   tr_naive_16x16, tr_coalesced_16x16, tr_padded_16x16, tr_swizzled, tr_vectorized
#
# Written by `mmprof plot` with its data in transpose.dat (same directory). To render again:
#   cd into this directory, then: gnuplot transpose.gp
#   one format only:             gnuplot -e 'formats="png"' transpose.gp
if (!exists("formats")) formats = "png svg"
if (!exists("out")) out = "transpose"
set encoding utf8

# Seed 002: effective bandwidth (2 x rows x cols x 4 bytes / median time) of each transpose and
# copy kernel, grouped by matrix size. The copies (grey) are the yardstick a transpose cannot
# beat; the number above a transpose's bar is its bandwidth in % of the copy with the same tile
# (analysis.csv's bw_vs_copy_pct).
set title "Transpose effective bandwidth against copy (seed 002)\nabove each transpose: its bandwidth in % of the copy with the same tile"
set xrange [-1:25.5]
set yrange [0:2649.03]
set xtics ("1024x1024" 5.5, "2048x2048" 19) scale 0
set ylabel "effective bandwidth (GB/s)"
set xlabel "matrix size (rows x cols)"
set grid ytics lc rgb "#dddddd"
set boxwidth 0.9 absolute
set style fill solid 0.9 border lc rgb "#444444"
set lmargin at screen 0.08
set rmargin at screen 0.76
set tmargin at screen 0.90
set bmargin at screen 0.12
set key at screen 0.78, 0.90 left top vertical samplen 2 font ",10" title "grey: copies (reference)"
do for [fmt in formats] {
    if (fmt eq "svg") {
        set terminal svg size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    } else {
        set terminal pngcairo size 1200,800 noenhanced font "DejaVu Sans,11" background rgb "white"
    }
    set output out.".".fmt

    plot 'transpose.dat' index 0 using 1:2 with boxes lc rgb "#525252" title "tr_copy", \
         'transpose.dat' index 1 using 1:2 with boxes lc rgb "#969696" title "tr_copy_shared", \
         'transpose.dat' index 2 using 1:2 with boxes lc rgb "#1f77b4" title "tr_naive", \
         '' index 2 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle, \
         'transpose.dat' index 3 using 1:2 with boxes lc rgb "#ff7f0e" title "tr_coalesced", \
         '' index 3 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle, \
         'transpose.dat' index 4 using 1:2 with boxes lc rgb "#2ca02c" title "tr_padded", \
         '' index 4 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle, \
         'transpose.dat' index 5 using 1:2 with boxes lc rgb "#bdbdbd" title "tr_copy_16x16", \
         'transpose.dat' index 6 using 1:2 with boxes lc rgb "#d9d9d9" title "tr_copy_shared_16x16", \
         'transpose.dat' index 7 using 1:2 with boxes lc rgb "#d62728" title "tr_naive_16x16", \
         '' index 7 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle, \
         'transpose.dat' index 8 using 1:2 with boxes lc rgb "#9467bd" title "tr_coalesced_16x16", \
         '' index 8 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle, \
         'transpose.dat' index 9 using 1:2 with boxes lc rgb "#8c564b" title "tr_padded_16x16", \
         '' index 9 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle, \
         'transpose.dat' index 10 using 1:2 with boxes lc rgb "#e377c2" title "tr_swizzled", \
         '' index 10 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle, \
         'transpose.dat' index 11 using 1:2 with boxes lc rgb "#17becf" title "tr_vectorized", \
         '' index 11 using 1:2:(sprintf("%.0f%%", $3)) with labels rotate by 90 left offset 0,0.4 font ",9" notitle
    unset output
}
