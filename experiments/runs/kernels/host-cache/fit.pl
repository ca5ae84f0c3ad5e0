#!/usr/bin/perl
# reads @@x lines; per (kind,mode): median per N, per-unmounted-mount ns, LSQ ratio per doubling over all N and over top 3 N
use strict; my %t; my %m;
while (<>) { next unless /^\@\@x (\S+) (\S+) (\d+) (\d+) (\d+) (\d+)/; push @{$t{"$1 $2"}{$3}}, $5; $m{"$1 $2"}{$3} = $1 eq "fam" ? 2**($3+1)-1 : 2**$3; }
sub med { my @v = sort { $a <=> $b } @_; my $k = @v; return $k % 2 ? $v[$k/2] : ($v[$k/2-1] + $v[$k/2]) / 2; }
sub fit { my @p = @_; my $k = @p; my ($sx,$sy,$sxx,$sxy)=(0,0,0,0); for (@p) { my ($x,$y)=@$_; $sx+=$x;$sy+=$y;$sxx+=$x*$x;$sxy+=$x*$y; } return 2 ** (($k*$sxy-$sx*$sy)/($k*$sxx-$sx*$sx)); }
for my $key (sort keys %t) { my @ns = sort { $a <=> $b } keys %{$t{$key}}; my @p;
  printf "%-12s", $key;
  for my $n (@ns) { my $md = med(@{$t{$key}{$n}}); my $um = $m{$key}{$n}; push @p, [log($um)/log(2), log($md)/log(2)];
    printf " N%d:%.2fms(%d,%.0fns/m,n=%d)", $n, $md/1e6, $um, $md/$um, scalar @{$t{$key}{$n}}; }
  printf "\n   ratio all=%.2f", fit(@p); printf " top3=%.2f", fit(@p[-3..-1]) if @p >= 3; printf " low3=%.2f", fit(@p[0..2]) if @p >= 3; print "\n"; }
