# Helpers of the robustness scripts (sourced).

# have_gpu: an NVIDIA GPU and its driver are here.
have_gpu() {
    nvidia-smi -L 2> /dev/null | grep -q '^GPU '
}

# snapshot DIR: every path under DIR with its type, mode, size and content
# hash, sorted: equal snapshots = nothing created, removed or changed.
snapshot() {
    (
        cd "$1" 2> /dev/null || exit 0
        find . -printf '%p %y %m %s\n' 2> /dev/null | sort
        find . -type f -readable -exec cksum {} + 2> /dev/null | sort
    )
}

# unshare_how: how to get a private mount namespace where a tmpfs can be
# mounted: "unshare -m" as root, "unshare -Urm" through a user namespace,
# or "" when neither works here (a container without the rights).
unshare_how() {
    local how
    for how in "unshare -m" "unshare -Urm"; do
        # shellcheck disable=SC2016
        if $how sh -c 'd=$(mktemp -d) && mount -t tmpfs -o size=8k tmpfs "$d" && umount "$d" && rmdir "$d"' \
            > /dev/null 2>&1; then
            echo "$how"
            return 0
        fi
    done
    return 1
}

# as_nobody_how: a prefix that runs a command as an unprivileged user (root
# ignores directory permissions), "" when already unprivileged, or fails.
as_nobody_how() {
    if [ "$(id -u)" != 0 ]; then
        echo ""
    elif command -v setpriv > /dev/null 2>&1; then
        echo "setpriv --reuid=65534 --regid=65534 --clear-groups"
    else
        return 1
    fi
}

# lines FILE: its line count, 0 when it does not exist yet.
lines() { [ -f "$1" ] && wc -l < "$1" || echo 0; }

# wait_rows FILE N: until FILE has N lines (header included) while the
# collect $pid runs, at most 30 s; 1 when it ended or stalled first.
wait_rows() {
    for _ in $(seq 600); do
        [ "$(lines "$1")" -ge "$2" ] && return 0
        kill -0 "$pid" 2> /dev/null || return 1
        sleep 0.05
    done
    return 1
}
