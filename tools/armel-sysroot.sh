#!/bin/sh
# armel-sysroot.sh [DIR]: a sysroot for cross-building picowl for Debian armel (ARMv5TE, soft
# float), made of the armel -dev packages and the runtime libraries they need, fetched from
# Debian's archive with `apt-get download` and unpacked with `dpkg-deb -x`. Nothing armel is
# installed on the host: the only host changes are `dpkg --add-architecture armel` and
# `apt-get update` (run as root, or with sudo, when armel is not yet an architecture).
#
# It also writes DIR/meson-sysroot.ini, the constant that cross/armel.ini needs:
#   meson setup build-armel --cross-file DIR/meson-sysroot.ini --cross-file cross/armel.ini
#
# DIR defaults to ./armel-sysroot. Downloads are kept in DIR/debs; a second run reuses them.
set -eu

dir=${1:-armel-sysroot}
mkdir -p "$dir/debs"
dir=$(cd "$dir" && pwd)

# The libraries picowl links (wayland, pixman, xkbcommon, libinput), its X window manager's xcb
# (decision 4.70) and doomgeneric-picowl's sound (alsa-lib) with their headers, and the closure
# of runtime libraries behind them, plus what a device image needs to run them.
DEV="libwayland-dev libwayland-server0 libwayland-client0 libwayland-cursor0 libwayland-egl1
 libpixman-1-dev libpixman-1-0 libxkbcommon-dev libxkbcommon0 libinput-dev libinput10
 libudev-dev libudev1 libffi-dev libffi8 libasound2-dev libasound2
 libxcb1-dev libxcb1 libxcb-composite0-dev libxcb-composite0 libxcb-res0-dev libxcb-res0
 libxcb-xfixes0-dev libxcb-xfixes0 libxcb-render0-dev libxcb-render0 libxcb-shape0-dev
 libxcb-shape0 libxau-dev libxau6 libxdmcp-dev libxdmcp6 libpthread-stubs0-dev libbsd0 libmd0"
RUNTIME="libc6 libgcc-s1 gcc-12-base libinput-bin libevdev2 libmtdev1 libwacom9
 libgudev-1.0-0 libglib2.0-0 libmount1 libblkid1 libpcre2-8-0 libselinux1 zlib1g
 busybox-static"
# Xwayland and xterm with the closure of their libraries (tests/pxa's spitz-x11), and xkbcomp,
# which Xwayland runs to compile its keymaps. No Mesa: Xwayland runs with -shm, without GLX.
X11="xwayland xterm x11-xkb-utils libxkbfile1 libdrm2 libepoxy0 libgbm1 libexpat1 libgcrypt20
 libgpg-error0 libgl1 libglvnd0 libglx0 libx11-6 libx11-xcb1 libtirpc3 libgssapi-krb5-2
 libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2 libkeyutils1 libxcvt0 libxfont2
 libfontenc1 libfreetype6 libpng16-16 libbrotli1 libbz2-1.0 libxshmfence1 libfontconfig1
 libice6 libsm6 libuuid1 libtinfo6 libutempter0 libxaw7 libxext6 libxft2 libxrender1
 libxinerama1 libxmu6 libxpm4 libxt6"
ALL_ARCH="wayland-protocols libwacom-common xkb-data libasound2-data x11proto-dev"

sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
if ! dpkg --print-foreign-architectures | grep -qx armel; then
	$sudo dpkg --add-architecture armel
	$sudo apt-get update
elif ! apt-cache show libc6:armel >/dev/null 2>&1; then
	$sudo apt-get update
fi

pkgs=
for p in $DEV $RUNTIME $X11; do
	pkgs="$pkgs $p:armel"
done
pkgs="$pkgs $ALL_ARCH"

cd "$dir/debs"
missing=
for p in $pkgs; do
	name=${p%:armel}
	ls "${name}"_*.deb >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	apt-get download $missing
fi
for deb in *.deb; do
	dpkg-deb -x "$deb" "$dir"
done

# .pc files and .so links in the -dev packages are absolute or relative to /usr; make the
# absolute library symlinks relative so the linker finds them inside the sysroot.
for link in "$dir"/usr/lib/arm-linux-gnueabi/*.so; do
	target=$(readlink "$link" || true)
	case "$target" in
	/*) ln -sf "$dir$target" "$link" ;;
	esac
done

cat >"$dir/meson-sysroot.ini" <<INI
[constants]
sysroot = '$dir'
INI
echo "armel sysroot in $dir; cross build:"
echo "  meson setup build-armel --cross-file $dir/meson-sysroot.ini --cross-file cross/armel.ini"
