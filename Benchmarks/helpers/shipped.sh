# Benchmarks/helpers/shipped.sh — builds an executable as `make install` ships it, sourced by run.sh
# and watch.sh.
#
# build_shipped FLAGS_TARGET PRODUCT DIR LOG: builds PRODUCT with the flags `make FLAGS_TARGET`
# prints (print-build-flags for assoc, print-portal-build-flags for assoc-portal), its output in
# LOG, and installs it in DIR, a copy out of the build tree as `make install` makes one (see
# run.sh on why a copy and not the linker's output). Exits the script, showing LOG, when the build
# fails.
build_shipped() {
    local target=$1 product=$2 dir=$3 log=$4 flags
    make -s release-requirements || exit 1
    read -r -a flags < <(make -s "$target")
    echo "building: swift build ${flags[*]} ..." >&2
    if ! swift build "${flags[@]}" >"$log" 2>&1; then
        cat "$log" >&2
        echo "benchmark: swift build of $product failed" >&2
        exit 1
    fi
    mkdir -p "$dir"
    install -m 755 "$(swift build "${flags[@]}" --show-bin-path)/$product" "$dir/$product"
}
