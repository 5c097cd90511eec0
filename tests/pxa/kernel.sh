#!/bin/sh
# kernel.sh DIR: builds a PXA270 zImage (Zipit Z2 and Sharp Zaurus spitz board files) from
# Debian's linux-source-6.1 with arm-linux-gnueabi-gcc into DIR, and prints its path.
# The build is kept: a second run with the same fragment does nothing. Modules are built
# against DIR/out: make -C DIR/out M=MODDIR ARCH=arm CROSS_COMPILE=arm-linux-gnueabi- modules.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$1
src=/usr/src/linux-source-6.1.tar.xz
frag=$here/kernel.fragment
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
zimage=$dir/out/arch/arm/boot/zImage
stamp=$dir/fragment.stamp
if [ -f "$zimage" ] && [ -f "$dir/out/Module.symvers" ] && [ -f "$stamp" ] && cmp -s "$frag" "$stamp"; then
	echo "$zimage"
	exit 0
fi
if [ ! -d "$dir/linux-source-6.1" ]; then
	echo "kernel.sh: unpacking $src" >&2
	tar xf "$src" -C "$dir"
fi
make="make -s -C $dir/linux-source-6.1 ARCH=arm CROSS_COMPILE=arm-linux-gnueabi- O=$dir/out"
$make KCONFIG_ALLCONFIG="$frag" allnoconfig >&2
for opt in MACH_ZIPIT2 MACH_SPITZ FB_PXA FB_PXA_PARAMETERS COMPAT_32BIT_TIME INPUT_UINPUT MODULES PXA_DMA VT FRAMEBUFFER_CONSOLE PROC_PAGE_MONITOR DEBUG_FS; do
	grep -q "^CONFIG_$opt=y" "$dir/out/.config" || {
		echo "kernel.sh: CONFIG_$opt did not stick" >&2
		exit 1
	}
done
# modules: Module.symvers, which an out-of-tree module (backends/kernel) is built against
$make -j"${JOBS:-2}" zImage modules >&2
cp "$frag" "$stamp"
echo "$zimage"
