#!/usr/bin/env bash
# A single-node Apache Kafka 3.9 broker in KRaft mode on 127.0.0.1:9092, installed from
# Maven Central jars into .local/kafka. Usage: kafka.sh install|start|stop|status
# KAFKA_HOME and KAFKA_PORT run another broker beside it (its own data, port and pid file, the same
# jars): a test that stops its broker stops only its own (test-support's PrivateKafkaBroker).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
home=${KAFKA_HOME:-"$root/.local/kafka"}
libs="$root/.local/kafka/libs"
data="$home/data"
logs="$home/logs"
pidfile="$home/kafka.pid"
port=${KAFKA_PORT:-9092}
controller_port=$((port + 1))

install() {
  [ -f "$libs/.complete" ] && return 0
  mkdir -p "$libs"
  echo "kafka: fetching broker jars from Maven Central" >&2
  mvn -B -q -f "$root/scripts/infra/kafka-pom.xml" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$libs"
  touch "$libs/.complete"
}

configure() {
  mkdir -p "$data" "$logs"
  cat >"$home/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPS
  cat >"$home/log4j.properties" <<PROPS
log4j.rootLogger=WARN, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=$logs/server.log
log4j.appender.file.MaxFileSize=10MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
PROPS
  if [ ! -f "$data/meta.properties" ]; then
    local log4j="-Dlog4j.configuration=file:$home/log4j.properties"
    cluster_id=$(java "$log4j" -cp "$libs/*" kafka.tools.StorageTool random-uuid)
    java "$log4j" -Dkafka.logs.dir="$logs" -cp "$libs/*" kafka.tools.StorageTool format -t "$cluster_id" \
      -c "$home/server.properties" --ignore-formatted >/dev/null
  fi
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }

# A Kafka broker runs as this pid (a pid is reused once its process is gone: a stale pid file or a
# lookup must never lead `stop` to signal whatever process took the number since).
is_broker() { [ -n "$1" ] && [[ "$(ps -p "$1" -o args= 2>/dev/null)" == *kafka.Kafka* ]]; }

running() { [ -f "$pidfile" ] && is_broker "$(cat "$pidfile")"; }

start() {
  if listening; then return 0; fi
  # Two `make` runs starting at once must not launch two brokers on one data directory.
  mkdir -p "$home"
  exec 9>"$home/start.lock"
  flock 9
  if listening; then return 0; fi
  install
  configure
  nohup java -Xms256m -Xmx512m -XX:+UseSerialGC -Dkafka.logs.dir="$logs" \
    -Dlog4j.configuration="file:$home/log4j.properties" \
    -cp "$libs/*" kafka.Kafka "$home/server.properties" >"$logs/stdout.log" 2>&1 9>&- &
  echo $! >"$pidfile"
  for _ in $(seq 1 120); do
    if listening; then echo "kafka: up on 127.0.0.1:$port" >&2; return 0; fi
    running || { echo "kafka: broker exited, see $logs" >&2; tail -20 "$logs/stdout.log" >&2; exit 1; }
    sleep 0.5
  done
  echo "kafka: not listening after 60 s, see $logs" >&2
  exit 1
}

# The broker's pid: ours from the pid file, else whichever process listens on the port (a broker
# started from another checkout on this machine).
broker_pid() {
  if running; then cat "$pidfile"; return; fi
  local pid; pid=$(ss -ltnpH "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
  if is_broker "$pid"; then echo "$pid"; fi
}

stop() {
  local pid; pid=$(broker_pid)
  rm -f "$pidfile"
  [ -n "$pid" ] || return 0
  kill "$pid"
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -9 "$pid" 2>/dev/null || true
}

# A crash rather than a stop: SIGKILL, no clean shutdown (the fault bench uses it).
crash() {
  local pid; pid=$(broker_pid)
  [ -n "$pid" ] || return 0
  kill -9 "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  rm -f "$pidfile"
}

case "${1:-}" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  kill) crash ;;
  status) if listening; then echo up; else echo down; exit 1; fi ;;
  *) echo "usage: $0 install|start|stop|kill|status" >&2; exit 2 ;;
esac
